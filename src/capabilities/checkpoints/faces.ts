import { defineFaces } from '../../kit/capability.js';
import { diffCommand, undoCommand } from '../../tui/slash/checkpoint-commands.js';
import { commitCommand } from '../../tui/slash/commit-command.js';
import { rewindCommand } from '../../tui/slash/rewind-command.js';

export const faces = defineFaces({
  slashCommands: [undoCommand, rewindCommand, diffCommand, commitCommand],
});
