import type { EditorState } from './editor-state.js';

/** The `@path` word being typed: where it starts and ends in the text, and what follows the `@` up to the cursor. */
export interface AtWord {
  start: number;
  end: number;
  query: string;
}

/** The word around the cursor when it starts with `@` and the cursor is past the `@`. */
export function atWordAtCursor({ text, cursor }: EditorState): AtWord | undefined {
  let start = cursor;
  while (start > 0 && !isSpace(text[start - 1])) start--;
  if (start === cursor || text[start] !== '@') return undefined;
  let end = cursor;
  while (end < text.length && !isSpace(text[end])) end++;
  return { start, end, query: text.slice(start + 1, cursor) };
}

function isSpace(char: string | undefined): boolean {
  return char !== undefined && /\s/.test(char);
}
