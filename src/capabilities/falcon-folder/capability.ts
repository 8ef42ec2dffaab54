import { envCommand } from './cli/env-command.js';
import { defineCapability } from '../../kit/capability.js';

/** The project's .falcon/ folder: its environments and variables, what Falcon remembers. */
export const falconFolder = defineCapability({
  name: 'falcon-folder',
  commands: [envCommand],
  faces: async () => (await import('./faces.js')).faces,
});
