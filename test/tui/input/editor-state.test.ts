import { describe, expect, it } from 'vitest';
import {
  cursorPosition,
  editorReducer,
  EMPTY_EDITOR,
  isOnFirstLine,
  isOnLastLine,
  type EditorAction,
  type EditorState,
} from '../../../src/tui/input/editor-state.js';

function apply(state: EditorState, ...actions: EditorAction[]): EditorState {
  return actions.reduce(editorReducer, state);
}

/** `|` marks the cursor. */
function at(marked: string): EditorState {
  return { text: marked.replace('|', ''), cursor: marked.indexOf('|') };
}

function show(state: EditorState): string {
  return `${state.text.slice(0, state.cursor)}|${state.text.slice(state.cursor)}`;
}

describe('editorReducer', () => {
  it('inserts at the cursor and moves it past the insertion', () => {
    expect(show(apply(EMPTY_EDITOR, { type: 'insert', text: 'hello' }))).toBe('hello|');
    expect(show(apply(at('he|o'), { type: 'insert', text: 'll' }))).toBe('hell|o');
  });

  it('turns CR and CRLF from pasted text into newlines', () => {
    expect(show(apply(EMPTY_EDITOR, { type: 'insert', text: 'a\r\nb\rc' }))).toBe('a\nb\nc|');
  });

  it('deletes backwards and forwards, doing nothing at the ends', () => {
    expect(show(apply(at('ab|c'), { type: 'deleteBackward' }))).toBe('a|c');
    expect(show(apply(at('ab|c'), { type: 'deleteForward' }))).toBe('ab|');
    expect(show(apply(at('|abc'), { type: 'deleteBackward' }))).toBe('|abc');
    expect(show(apply(at('abc|'), { type: 'deleteForward' }))).toBe('abc|');
  });

  it('treats an emoji (a surrogate pair) as one character', () => {
    expect(show(apply(at('a😀|b'), { type: 'deleteBackward' }))).toBe('a|b');
    expect(show(apply(at('a|😀b'), { type: 'move', to: 'right' }))).toBe('a😀|b');
    expect(show(apply(at('a😀|b'), { type: 'move', to: 'left' }))).toBe('a|😀b');
  });

  it('moves left and right, stopping at the ends', () => {
    expect(show(apply(at('a|b'), { type: 'move', to: 'left' }, { type: 'move', to: 'left' }))).toBe('|ab');
    expect(show(apply(at('a|b'), { type: 'move', to: 'right' }, { type: 'move', to: 'right' }))).toBe('ab|');
  });

  it('moves to the start and end of the current line', () => {
    expect(show(apply(at('one\ntw|o\nthree'), { type: 'move', to: 'lineStart' }))).toBe('one\n|two\nthree');
    expect(show(apply(at('one\ntw|o\nthree'), { type: 'move', to: 'lineEnd' }))).toBe('one\ntwo|\nthree');
  });

  it('moves up and down keeping the column where the line is long enough', () => {
    expect(show(apply(at('abcdef\nxy|z'), { type: 'move', to: 'up' }))).toBe('ab|cdef\nxyz');
    expect(show(apply(at('abcd|ef\nxyz'), { type: 'move', to: 'down' }))).toBe('abcdef\nxyz|');
    expect(show(apply(at('a|b'), { type: 'move', to: 'up' }))).toBe('a|b');
    expect(show(apply(at('a|b'), { type: 'move', to: 'down' }))).toBe('a|b');
  });

  it('replaces a range and puts the cursor after the new text', () => {
    expect(show(apply(at('see @sr|c now'), { type: 'replaceRange', start: 4, end: 8, text: '@src/a.ts ' }))).toBe('see @src/a.ts | now');
  });

  it('sets the whole text with the cursor at its end, and clears', () => {
    expect(show(apply(at('x|y'), { type: 'setText', text: 'one\ntwo' }))).toBe('one\ntwo|');
    expect(apply(at('x|y'), { type: 'clear' })).toEqual(EMPTY_EDITOR);
  });
});

describe('cursor position', () => {
  it('gives line, column and line count', () => {
    expect(cursorPosition(at('ab\ncd|e\nf'))).toEqual({ line: 1, column: 2, lineCount: 3 });
    expect(cursorPosition(at('|'))).toEqual({ line: 0, column: 0, lineCount: 1 });
  });

  it('tells whether the cursor is on the first or last line', () => {
    expect(isOnFirstLine(at('a|b\nc'))).toBe(true);
    expect(isOnLastLine(at('a|b\nc'))).toBe(false);
    expect(isOnFirstLine(at('ab\n|c'))).toBe(false);
    expect(isOnLastLine(at('ab\n|c'))).toBe(true);
  });
});
