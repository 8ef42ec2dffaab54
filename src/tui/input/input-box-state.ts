import { atWordAtCursor, type AtWord } from './at-word.js';
import { EMPTY_EDITOR, editorReducer, isOnFirstLine, isOnLastLine, type EditorAction, type EditorState } from './editor-state.js';
import { NOT_RECALLING, recallNewer, recallOlder, type HistoryRecall, type Recalled } from './history-recall.js';
import type { KeyCommand } from './key-command.js';
import { cleanPaste, isLongPaste, pasteMarker, unfoldPastes } from './pasted-text.js';
import type { SlashCommandInfo } from './slash-command-info.js';
import { matchSlashCommands } from './slash-matches.js';

/** Everything the input box remembers between key presses. */
export interface InputBoxState {
  editor: EditorState;
  recall: HistoryRecall;
  /** Highlighted row of whichever suggestion panel is open. */
  selected: number;
  /** Long pastes of the draft, each standing in its text as one marker character (see pasted-text). */
  pastes: readonly string[];
}

/** What the box knows from outside: the command registry, the current `@` completions, the history. */
export interface InputBoxContext {
  commands: readonly SlashCommandInfo[];
  files: readonly string[];
  history: readonly string[];
}

export type Suggestions =
  { kind: 'slash'; commands: SlashCommandInfo[]; selected: number } | { kind: 'file'; files: readonly string[]; word: AtWord; selected: number };

export interface InputBoxStep {
  state: InputBoxState;
  /** The message to send, when this key sent one. */
  submitted?: string;
}

export const INITIAL_INPUT_BOX: InputBoxState = { editor: EMPTY_EDITOR, recall: NOT_RECALLING, selected: 0, pastes: [] };

/** The open suggestion panel, if any: slash commands while a name is typed, files in an `@` word. */
export function currentSuggestions(state: InputBoxState, context: InputBoxContext): Suggestions | undefined {
  if (isShowingRecalledEntry(state, context.history)) return undefined;
  const commands = matchSlashCommands(context.commands, state.editor.text);
  if (commands.length > 0) return { kind: 'slash', commands, selected: Math.min(state.selected, commands.length - 1) };
  const word = atWordAtCursor(state.editor);
  if (word === undefined || context.files.length === 0) return undefined;
  return { kind: 'file', files: context.files, word, selected: Math.min(state.selected, context.files.length - 1) };
}

/** What follows the `@` of the word at the cursor, when files should be looked up for it. */
export function fileQuery(state: InputBoxState, context: Omit<InputBoxContext, 'files'>): string | undefined {
  if (isShowingRecalledEntry(state, context.history)) return undefined;
  if (matchSlashCommands(context.commands, state.editor.text).length > 0) return undefined;
  return atWordAtCursor(state.editor)?.query;
}

/** An unedited entry from history opens no panel, so that ↑/↓ keep walking the history past it. */
function isShowingRecalledEntry({ recall, editor }: InputBoxState, history: readonly string[]): boolean {
  return recall.index !== undefined && history[recall.index] === editor.text;
}

export function reduceInputBox(state: InputBoxState, command: KeyCommand, context: InputBoxContext): InputBoxStep {
  const suggestions = currentSuggestions(state, context);
  switch (command.type) {
    case 'ignore':
      return { state };
    case 'submit':
      return submit(state, suggestions);
    case 'paste':
      return { state: paste(state, cleanPaste(command.text)) };
    case 'complete':
      return { state: suggestions ? edit(state, completion(suggestions)) : state };
    case 'clear':
      return { state: INITIAL_INPUT_BOX };
    case 'move':
      if (command.to === 'up' || command.to === 'down') return { state: moveVertically(state, command.to, suggestions, context) };
      return { state: edit(state, command) };
    default:
      return { state: edit(state, command) };
  }
}

function submit(state: InputBoxState, suggestions: Suggestions | undefined): InputBoxStep {
  if (suggestions?.kind === 'slash') return sent(`/${(suggestions.commands[suggestions.selected] as SlashCommandInfo).name}`);
  const { text, cursor } = state.editor;
  if (text[cursor - 1] === '\\') return { state: edit(state, { type: 'replaceRange', start: cursor - 1, end: cursor, text: '\n' }) };
  const message = tidy(unfoldPastes(text, state.pastes));
  return message === '' ? { state } : sent(message);
}

/** Pasted text goes in as it is, newlines kept; a long paste as one marker, its text kept apart. */
function paste(state: InputBoxState, text: string): InputBoxState {
  if (!isLongPaste(text)) return edit(state, { type: 'insert', text });
  const folded = { ...state, pastes: [...state.pastes, text] };
  return edit(folded, { type: 'insert', text: pasteMarker(state.pastes.length) });
}

function sent(message: string): InputBoxStep {
  return { state: INITIAL_INPUT_BOX, submitted: message };
}

/** Drops blank lines before the message and whitespace after it; indentation of the first line stays. */
function tidy(text: string): string {
  return text.replace(/^\s*\n/, '').trimEnd();
}

function completion(suggestions: Suggestions): EditorAction {
  if (suggestions.kind === 'slash') {
    return { type: 'setText', text: `/${(suggestions.commands[suggestions.selected] as SlashCommandInfo).name} ` };
  }
  const { word, files, selected } = suggestions;
  return { type: 'replaceRange', start: word.start, end: word.end, text: `@${files[selected] as string} ` };
}

function moveVertically(state: InputBoxState, direction: 'up' | 'down', suggestions: Suggestions | undefined, context: InputBoxContext): InputBoxState {
  if (suggestions) {
    const count = suggestions.kind === 'slash' ? suggestions.commands.length : suggestions.files.length;
    const step = direction === 'up' ? -1 : 1;
    return { ...state, selected: (suggestions.selected + step + count) % count };
  }
  if (direction === 'up' && isOnFirstLine(state.editor)) {
    return recalled(state, recallOlder(state.recall, context.history, state.editor.text));
  }
  if (direction === 'down' && isOnLastLine(state.editor)) return recalled(state, recallNewer(state.recall, context.history));
  return edit(state, { type: 'move', to: direction });
}

function recalled(state: InputBoxState, result: Recalled | undefined): InputBoxState {
  if (result === undefined) return state;
  return { ...state, editor: editorReducer(state.editor, { type: 'setText', text: result.text }), recall: result.recall, selected: 0 };
}

/** An edit or cursor move; the panel selection starts over, as the suggestions may have changed. */
function edit(state: InputBoxState, action: EditorAction): InputBoxState {
  return { ...state, editor: editorReducer(state.editor, action), selected: 0 };
}
