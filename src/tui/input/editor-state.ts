/** The text being edited and the cursor, as an offset into it (0 … text.length). */
export interface EditorState {
  readonly text: string;
  readonly cursor: number;
}

export type CursorMove = 'left' | 'right' | 'up' | 'down' | 'lineStart' | 'lineEnd';

export type EditorAction =
  | { type: 'insert'; text: string }
  | { type: 'deleteBackward' }
  | { type: 'deleteForward' }
  | { type: 'move'; to: CursorMove }
  | { type: 'replaceRange'; start: number; end: number; text: string }
  | { type: 'setText'; text: string }
  | { type: 'clear' };

export const EMPTY_EDITOR: EditorState = { text: '', cursor: 0 };

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const { text, cursor } = state;
  switch (action.type) {
    case 'insert': {
      const inserted = normalizeNewlines(action.text);
      return { text: text.slice(0, cursor) + inserted + text.slice(cursor), cursor: cursor + inserted.length };
    }
    case 'deleteBackward': {
      const start = previousBoundary(text, cursor);
      return { text: text.slice(0, start) + text.slice(cursor), cursor: start };
    }
    case 'deleteForward':
      return { text: text.slice(0, cursor) + text.slice(nextBoundary(text, cursor)), cursor };
    case 'move':
      return { text, cursor: moveCursor(text, cursor, action.to) };
    case 'replaceRange': {
      const inserted = normalizeNewlines(action.text);
      return { text: text.slice(0, action.start) + inserted + text.slice(action.end), cursor: action.start + inserted.length };
    }
    case 'setText': {
      const replaced = normalizeNewlines(action.text);
      return { text: replaced, cursor: replaced.length };
    }
    case 'clear':
      return EMPTY_EDITOR;
  }
}

/** Line (0-based) and column of the cursor, and how many lines the text has. */
export function cursorPosition({ text, cursor }: EditorState): { line: number; column: number; lineCount: number } {
  const before = text.slice(0, cursor);
  const line = countNewlines(before);
  return { line, column: cursor - (before.lastIndexOf('\n') + 1), lineCount: countNewlines(text) + 1 };
}

export function isOnFirstLine(state: EditorState): boolean {
  return cursorPosition(state).line === 0;
}

export function isOnLastLine(state: EditorState): boolean {
  const { line, lineCount } = cursorPosition(state);
  return line === lineCount - 1;
}

/** Where the character after `index` ends; a surrogate pair (emoji) counts as one character. */
export function nextBoundary(text: string, index: number): number {
  if (index >= text.length) return text.length;
  return isHighSurrogate(text, index) && isLowSurrogate(text, index + 1) ? index + 2 : index + 1;
}

function previousBoundary(text: string, index: number): number {
  if (index <= 0) return 0;
  return isLowSurrogate(text, index - 1) && isHighSurrogate(text, index - 2) ? index - 2 : index - 1;
}

function moveCursor(text: string, cursor: number, to: CursorMove): number {
  const lineStart = text.lastIndexOf('\n', cursor - 1) + 1;
  const lineEnd = endOfLine(text, cursor);
  switch (to) {
    case 'left':
      return previousBoundary(text, cursor);
    case 'right':
      return nextBoundary(text, cursor);
    case 'lineStart':
      return lineStart;
    case 'lineEnd':
      return lineEnd;
    case 'up': {
      if (lineStart === 0) return cursor;
      const previousStart = text.lastIndexOf('\n', lineStart - 2) + 1;
      return Math.min(previousStart + (cursor - lineStart), lineStart - 1);
    }
    case 'down': {
      if (lineEnd === text.length) return cursor;
      const nextStart = lineEnd + 1;
      return Math.min(nextStart + (cursor - lineStart), endOfLine(text, nextStart));
    }
  }
}

function endOfLine(text: string, index: number): number {
  const newline = text.indexOf('\n', index);
  return newline === -1 ? text.length : newline;
}

/** Terminals send Enter inside pasted text as CR. */
function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

function countNewlines(text: string): number {
  let count = 0;
  for (const char of text) if (char === '\n') count++;
  return count;
}

function isHighSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff;
}
