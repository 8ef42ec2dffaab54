import { scanCommand } from './cli/scan-command.js';
import { defineCapability } from '../../kit/capability.js';

/** The security scan: `falcon scan`, the scan_security tool. */
export const scan = defineCapability({
  name: 'scan',
  commands: [scanCommand],
  faces: async () => (await import('./faces.js')).faces,
});
