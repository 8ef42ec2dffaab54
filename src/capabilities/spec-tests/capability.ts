import { specCommand } from './cli/spec-command.js';
import { testCommand } from './cli/test-command.js';
import { defineCapability } from '../../kit/capability.js';

/** Tests drawn from the API's spec: `falcon test`, `falcon spec`, and the agent's test tools. */
export const specTests = defineCapability({
  name: 'spec-tests',
  commands: [specCommand, testCommand],
  faces: async () => (await import('./faces.js')).faces,
});
