import { perfCommand } from './cli/perf-command.js';
import { defineCapability } from '../../kit/capability.js';

/** Load tests: `falcon perf`, the run_performance tool. */
export const load = defineCapability({
  name: 'load',
  commands: [perfCommand],
  faces: async () => (await import('./faces.js')).faces,
});
