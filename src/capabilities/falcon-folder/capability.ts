import { envCommand } from '../../cli/env-command.js';
import { initCommand } from '../../cli/init-command.js';
import { defineCapability } from '../../kit/capability.js';

/** The project's .falcon/ folder: setting it up, its environments and variables, what Falcon remembers. */
export const falconFolder = defineCapability({
  name: 'falcon-folder',
  commands: [initCommand, envCommand],
  faces: async () => (await import('./faces.js')).faces,
});
