import { requestCommand } from '../../cli/request-command.js';
import { defineCapability } from '../../kit/capability.js';

/** Requests and what to check in their responses; saved requests (`falcon request`, `falcon -r`). */
export const requests = defineCapability({
  name: 'requests',
  commands: [requestCommand],
  faces: async () => (await import('./faces.js')).faces,
});
