import { diffCommand } from './cli/diff-command.js';
import { rewindCommand } from './cli/rewind-command.js';
import { defineCapability } from '../../kit/capability.js';

/** What a session changed, file by file: undo, rewind, diff, commit. */
export const checkpoints = defineCapability({
  name: 'checkpoints',
  commands: [rewindCommand, diffCommand],
  faces: async () => (await import('./faces.js')).faces,
});
