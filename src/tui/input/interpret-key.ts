import type { Key } from 'ink';
import { KEY_TABLE, readKey } from '../keys/key-table.js';
import type { KeyCommand } from './key-command.js';

const IGNORE: KeyCommand = { type: 'ignore' };

/**
 * Maps one Ink input event to a command, through the key table's `input` rows. Keys the app owns
 * (Esc, Shift+Tab, Page Up/Down, Ctrl-C, -L, -O, -T, -Y) and every other Ctrl/Alt chord are ignored,
 * never inserted as letters.
 */
export function interpretKey(input: string, key: Key): KeyCommand {
  if (key.eventType === 'release') return IGNORE;
  const command = readKey(KEY_TABLE.input, input, key, undefined);
  if (command) return command;
  if (key.return || key.tab || key.escape || key.pageUp || key.pageDown || key.ctrl) return IGNORE;
  if (key.meta || key.super || key.hyper || input === '') return IGNORE;
  return { type: 'insert', text: input };
}
