import { describe, expect, it } from 'vitest';
import { splitKeys } from '../../../src/tui/input/split-keys.js';

describe('splitKeys', () => {
  it('cuts Enter off the text that came with it in one read', () => {
    expect(splitKeys('please write notes\r')).toEqual(['please write notes', '\r']);
    expect(splitKeys('one\rtwo\r')).toEqual(['one', '\r', 'two', '\r']);
  });

  it('takes CR LF as one Enter, and a lone LF (Ctrl-J) as its own key', () => {
    expect(splitKeys('sent\r\nnext')).toEqual(['sent', '\r', 'next']);
    expect(splitKeys('one\ntwo')).toEqual(['one', '\n', 'two']);
  });

  it('cuts every control key apart: Backspace, Tab, Ctrl-letters', () => {
    expect(splitKeys('ab\x7f\x7fc\t\x03')).toEqual(['ab', '\x7f', '\x7f', 'c', '\t', '\x03']);
  });

  it('leaves escape sequences and the text around them whole, for Ink to split', () => {
    expect(splitKeys('abc\x1b[Ddef')).toEqual(['abc\x1b[Ddef']);
    expect(splitKeys('x\x1b[A\x1b[13;2u\ry')).toEqual(['x\x1b[A\x1b[13;2u', '\r', 'y']);
  });

  it('keeps a control key right after ESC with it: Alt+Enter, Alt+Backspace', () => {
    expect(splitKeys('line\x1b\rnext\x1b\x7f')).toEqual(['line\x1b\rnext\x1b\x7f']);
  });

  it('keeps text with characters outside the BMP whole', () => {
    expect(splitKeys('héllo 🦅\r')).toEqual(['héllo 🦅', '\r']);
  });
});
