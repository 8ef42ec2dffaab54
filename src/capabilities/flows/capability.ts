import { flowCommand } from './cli/flow-command.js';
import { defineCapability } from '../../kit/capability.js';

/** Multi-step API flows: `falcon flow`, the run_flow tool, `/flow`. */
export const flows = defineCapability({
  name: 'flows',
  commands: [flowCommand],
  faces: async () => (await import('./faces.js')).faces,
});
