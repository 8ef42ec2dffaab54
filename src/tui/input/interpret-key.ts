import type { Key } from 'ink';
import type { EditorAction } from './editor-state.js';

/** What a key press (or a paste) asks of the input box: an edit, or one of the box's own commands. */
export type KeyCommand =
  | EditorAction
  | { type: 'submit' }
  | { type: 'complete' }
  | { type: 'paste'; text: string }
  | { type: 'ignore' };

const IGNORE: KeyCommand = { type: 'ignore' };
const NEWLINE: KeyCommand = { type: 'insert', text: '\n' };

/** Shift+Enter under xterm's modifyOtherKeys, as Ink hands it over once it has stripped the ESC. */
const MODIFY_OTHER_KEYS_SHIFT_ENTER = '[27;2;13~';

/**
 * Maps one Ink input event to a command. Keys the app owns (Esc, Ctrl-C, Ctrl-L, Ctrl-O, Ctrl-Y,
 * Ctrl-T, Page Up/Down) and every other Ctrl/Alt chord are ignored, never inserted as letters.
 */
export function interpretKey(input: string, key: Key): KeyCommand {
  if (key.eventType === 'release') return IGNORE;
  // Shift+Enter arrives as the kitty sequence ESC[13;2u; Alt/Option+Enter (and what many terminals
  // are set to send for Shift+Enter) as ESC CR, which Ink reports as return with meta.
  if (key.return) return key.shift || key.meta ? NEWLINE : { type: 'submit' };
  if (input === MODIFY_OTHER_KEYS_SHIFT_ENTER) return NEWLINE;
  if (key.escape || key.pageUp || key.pageDown) return IGNORE;
  if (key.upArrow) return { type: 'move', to: 'up' };
  if (key.downArrow) return { type: 'move', to: 'down' };
  if (key.leftArrow) return { type: 'move', to: 'left' };
  if (key.rightArrow) return { type: 'move', to: 'right' };
  if (key.home) return { type: 'move', to: 'lineStart' };
  if (key.end) return { type: 'move', to: 'lineEnd' };
  // The Backspace key sends DEL (0x7f), which Ink names `delete`, exactly as it names the Delete
  // key's ESC[3~; the two cannot be told apart, so both erase backwards and Ctrl-D erases forwards.
  if (key.backspace || key.delete) return { type: 'deleteBackward' };
  if (key.tab) return key.shift ? IGNORE : { type: 'complete' };
  if (key.ctrl) return controlChord(input);
  if (key.meta || key.super || key.hyper || input === '') return IGNORE;
  return { type: 'insert', text: input };
}

function controlChord(letter: string): KeyCommand {
  switch (letter) {
    case 'a':
      return { type: 'move', to: 'lineStart' };
    case 'e':
      return { type: 'move', to: 'lineEnd' };
    case 'd':
      return { type: 'deleteForward' };
    case 'u':
      return { type: 'clear' };
    default:
      return IGNORE;
  }
}
