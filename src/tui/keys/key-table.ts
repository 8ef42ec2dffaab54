import type { Key } from 'ink';
import type { KeyCommand } from '../input/key-command.js';
import type { AlwaysPick } from '../components/always-options.js';

/**
 * One row of the key table: the keys as /help names them, what they do, and how a key press is read
 * as them. The handlers read key presses through these rows and /help prints them, so a key cannot
 * work without being listed, nor be listed without working.
 */
export interface KeyBinding<Result, State = undefined> {
  /** `ctrl+t`, `shift+enter, alt+enter`. */
  keys: string;
  does: string;
  /** What this key press means, or undefined when it is none of `keys` (or means nothing in `state`). */
  read(input: string, key: Key, state: State): Result | undefined;
}

/** A section of /help that is not a key: what typing a character starts. */
export interface TypingHint {
  keys: string;
  does: string;
}

export type SessionAction = 'cycle_mode' | 'interrupt' | 'quit' | 'clear_screen' | 'expand' | 'toggle_thoughts' | 'copy_answer';

export type ConfirmationAction =
  { approved: boolean; always: AlwaysPick | false } | 'choose_always' | { scroll: 'line_up' | 'line_down' | 'page_up' | 'page_down' };

/** Whether the confirmation lists what "always" may allow (after `a`), and how many options it lists. */
export interface ConfirmationState {
  choosing: boolean;
  options: readonly AlwaysPick[];
}

export type ListAction = 'up' | 'down' | 'choose' | 'cancel' | 'erase';

export type QuestionAction = 'accept' | 'cancel';

/** Shift+Enter under xterm's modifyOtherKeys, as Ink hands it over once it has stripped the ESC. */
const MODIFY_OTHER_KEYS_SHIFT_ENTER = '[27;2;13~';

const ctrl = (letter: string) => (input: string, key: Key) => key.ctrl && input === letter;
/** A letter typed as itself: Ctrl-Y (copy the answer) must not be read as `y` at a confirmation. */
const typed = (input: string, key: Key) => (key.ctrl || key.meta ? undefined : input.toLowerCase());
const when =
  <R>(test: (input: string, key: Key) => boolean, result: R) =>
  (input: string, key: Key) =>
    test(input, key) ? result : undefined;

/** The session's own keys, wherever the focus is (`use-session-keys.ts`). */
const SESSION: KeyBinding<SessionAction>[] = [
  // Terminals send Shift+Tab as ESC [ Z, which Ink reads as tab with shift.
  {
    keys: 'shift+tab',
    does: 'next permission mode: ask → auto-edit → plan (→ yolo for a session started in it)',
    read: when((_, key) => key.tab && key.shift, 'cycle_mode'),
  },
  { keys: 'esc', does: 'interrupt the running turn or slash command; twice on an empty input: /rewind', read: when((_, key) => key.escape, 'interrupt') },
  { keys: 'ctrl+c', does: 'interrupt; pressed twice, quit', read: when(ctrl('c'), 'quit') },
  {
    keys: 'ctrl+o',
    does: 'unfold approved changes, tool output and unreadable replies in the transcript, or fold them again',
    read: when(ctrl('o'), 'expand'),
  },
  { keys: 'ctrl+t', does: "fold or unfold the model's thoughts, those already shown too", read: when(ctrl('t'), 'toggle_thoughts') },
  { keys: 'ctrl+y', does: 'copy the last answer', read: when(ctrl('y'), 'copy_answer') },
  { keys: 'ctrl+l', does: 'clear the screen', read: when(ctrl('l'), 'clear_screen') },
];

/** The message editor (`input/interpret-key.ts`). */
const INPUT: KeyBinding<KeyCommand>[] = [
  {
    keys: 'enter',
    does: 'send (typed while Falcon works: queued for its next step); after a \\ a new line',
    read: when((_, key) => key.return && !key.shift && !key.meta, { type: 'submit' }),
  },
  // Shift+Enter arrives as the kitty sequence ESC[13;2u; Alt/Option+Enter (and what many terminals
  // are set to send for Shift+Enter) as ESC CR, which Ink reports as return with meta.
  {
    keys: 'shift+enter, alt+enter',
    does: 'new line',
    read: when((input, key) => (key.return && (key.shift || key.meta)) || input === MODIFY_OTHER_KEYS_SHIFT_ENTER, { type: 'insert', text: '\n' }),
  },
  {
    keys: '↑',
    does: 'the line above; from the first line, the previous message sent; in a list, the row above',
    read: when((_, key) => key.upArrow, { type: 'move', to: 'up' }),
  },
  {
    keys: '↓',
    does: 'the line below; from the last line, the next message sent; in a list, the row below',
    read: when((_, key) => key.downArrow, { type: 'move', to: 'down' }),
  },
  {
    keys: '← →',
    does: 'move the cursor',
    read: (_, key) => (key.leftArrow ? { type: 'move', to: 'left' } : key.rightArrow ? { type: 'move', to: 'right' } : undefined),
  },
  { keys: 'home, ctrl+a', does: 'start of the line', read: when((input, key) => key.home || ctrl('a')(input, key), { type: 'move', to: 'lineStart' }) },
  { keys: 'end, ctrl+e', does: 'end of the line', read: when((input, key) => key.end || ctrl('e')(input, key), { type: 'move', to: 'lineEnd' }) },
  // The Backspace key sends DEL (0x7f), which Ink names `delete`, exactly as it names the Delete
  // key's ESC[3~; the two cannot be told apart, so both erase backwards and Ctrl-D erases forwards.
  { keys: 'backspace', does: 'delete the character before the cursor', read: when((_, key) => key.backspace || key.delete, { type: 'deleteBackward' }) },
  { keys: 'ctrl+d', does: 'delete the character under the cursor', read: when(ctrl('d'), { type: 'deleteForward' }) },
  { keys: 'ctrl+u', does: 'clear the input', read: when(ctrl('u'), { type: 'clear' }) },
  { keys: 'tab', does: 'complete the highlighted command or file', read: when((_, key) => key.tab && !key.shift, { type: 'complete' }) },
];

/** What typing starts in the message editor (`input/input-box-state.ts`). */
const TYPING: TypingHint[] = [
  { keys: '/', does: 'at the start: the commands, filtered as you type (↑↓ pick, tab or enter takes one)' },
  { keys: '@path', does: 'attach a file: the project files matching, ↑↓ pick, tab takes one' },
  { keys: '\\ then enter', does: 'a new line instead of sending' },
];

/** A confirmation panel (`components/confirmation-panel.tsx`); the session reads y, n, a and the digits too. */
const CONFIRMATION: KeyBinding<ConfirmationAction, ConfirmationState>[] = [
  { keys: 'y', does: 'yes, this once', read: when((input, key) => typed(input, key) === 'y', { approved: true, always: false }) },
  {
    keys: 'n, esc',
    does: 'no: nothing is changed, and the model is told',
    read: when((input, key) => typed(input, key) === 'n' || key.escape, { approved: false, always: false }),
  },
  {
    keys: 'a',
    does: 'always: lists what it may allow (a command or its first words, a file or its folder, an origin)',
    read: (input, key, state) => (typed(input, key) === 'a' && !state.choosing && state.options.length > 0 ? 'choose_always' : undefined),
  },
  {
    keys: '1–9',
    does: 'after a: allow what that line names, without asking again',
    read: (input, key, state) => {
      const digit = typed(input, key);
      const pick = state.choosing && digit !== undefined && /^[1-9]$/.test(digit) ? state.options[Number(digit) - 1] : undefined;
      return pick && { approved: true, always: pick };
    },
  },
  {
    keys: '↑ ↓ pgup pgdn',
    does: 'scroll a long preview',
    read: (_, key) => {
      if (key.upArrow) return { scroll: 'line_up' };
      if (key.downArrow) return { scroll: 'line_down' };
      if (key.pageUp) return { scroll: 'page_up' };
      if (key.pageDown) return { scroll: 'page_down' };
      return undefined;
    },
  },
];

/** A list to choose from: /model, /resume, /env, /permissions, /init (`slash/picker.tsx`). */
const LIST: KeyBinding<ListAction>[] = [
  { keys: '↑ ↓', does: 'move', read: (_, key) => (key.upArrow ? 'up' : key.downArrow ? 'down' : undefined) },
  { keys: 'enter', does: 'choose', read: when((_, key) => key.return, 'choose') },
  { keys: 'esc', does: 'cancel', read: when((_, key) => key.escape, 'cancel') },
  { keys: 'backspace', does: 'undo the last letter of the filter (typing filters the list)', read: when((_, key) => key.backspace || key.delete, 'erase') },
];

/** A question asked in place of the input (/init's base URL); the other keys edit the answer as in the input. */
const QUESTION: KeyBinding<QuestionAction>[] = [
  { keys: 'enter', does: 'accept the answer', read: when((_, key) => key.return, 'accept') },
  { keys: 'esc', does: 'cancel', read: when((_, key) => key.escape, 'cancel') },
];

/** Every key Falcon's session reads, by where it reads it; /help lists them in this order. */
export const KEY_TABLE = {
  session: SESSION,
  input: INPUT,
  typing: TYPING,
  confirmation: CONFIRMATION,
  list: LIST,
  question: QUESTION,
} as const;

export const KEY_TABLE_TITLES: Record<keyof typeof KEY_TABLE, string> = {
  session: 'Anywhere in the session',
  input: 'Writing a message',
  typing: 'Typing',
  confirmation: 'At a confirmation',
  list: 'In a list',
  question: 'Answering a question',
};

/** The first row of `bindings` that reads this key press, and what it means. */
export function readKey<Result, State>(bindings: readonly KeyBinding<Result, State>[], input: string, key: Key, state: State): Result | undefined {
  for (const binding of bindings) {
    const result = binding.read(input, key, state);
    if (result !== undefined) return result;
  }
  return undefined;
}
