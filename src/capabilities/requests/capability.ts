import { requestCommand } from './cli/request-command.js';
import { defineCapability } from '../../kit/capability.js';

/** Requests and what to check in their responses; saved requests (`falcon request`, `falcon -r`). */
/** `falcon -r NAME [-e ENV]`, the program's own option: the saved request run as `falcon request run` runs it; the exit code. */
export async function runSavedRequestOption(name: string, environment: string | undefined): Promise<number> {
  return (await import('./cli/run-request-command.js')).runSavedRequestCommand(name, environment);
}

export const requests = defineCapability({
  name: 'requests',
  commands: [requestCommand],
  faces: async () => (await import('./faces.js')).faces,
});
