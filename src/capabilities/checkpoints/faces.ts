import { defineFaces } from '../../kit/capability.js';
import { diffCommand, undoCommand } from './slash/checkpoint-commands.js';
import { commitCommand } from './slash/commit-command.js';
import { rewindCommand } from './slash/rewind-command.js';

export const faces = defineFaces({
  slashCommands: [undoCommand, rewindCommand, diffCommand, commitCommand],
});
