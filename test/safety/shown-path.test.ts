import { describe, expect, it } from 'vitest';
import { isPlainPath, shownPath } from '../../src/safety/shown-path.js';

describe('shownPath', () => {
  it('shows ordinary paths, accents and emoji included, as they are', () => {
    for (const path of ['src/app.ts', 'docs/café.md', 'données/résumé 2024.txt', 'icons/🚀.svg', '日本語/ファイル.txt']) {
      expect(shownPath(path)).toBe(path);
      expect(isPlainPath(path)).toBe(true);
    }
  });

  it('escapes what would break a line or hide itself', () => {
    expect(shownPath('new\nline.txt')).toBe('new\\nline.txt');
    expect(shownPath('a\r\tb')).toBe('a\\r\\tb');
    expect(shownPath('esc\x1b[31mred')).toBe('esc\\x1b[31mred');
    expect(shownPath('del\x7f')).toBe('del\\x7f');
    expect(shownPath('c1\u0085x')).toBe('c1\\u{0085}x');
    expect(shownPath('evil\u202Etxt.exe')).toBe('evil\\u{202e}txt.exe');
    expect(shownPath('zero\u200Bwidth')).toBe('zero\\u{200b}width');
    expect(isPlainPath('new\nline.txt')).toBe(false);
  });

  it('shows the bytes of a name that is not UTF-8, each as \\xNN', () => {
    expect(shownPath(Buffer.from('bad-\xff\xfe.txt', 'latin1'))).toBe('bad-\\xff\\xfe.txt');
    // A lead byte without its continuation, an overlong form, an encoded surrogate.
    expect(shownPath(Buffer.from([0x61, 0xc3, 0x62]))).toBe('a\\xc3b');
    expect(shownPath(Buffer.from([0xc0, 0xaf]))).toBe('\\xc0\\xaf');
    expect(shownPath(Buffer.from([0xed, 0xa0, 0x80]))).toBe('\\xed\\xa0\\x80');
    expect(shownPath(Buffer.from('café', 'utf8'))).toBe('café');
  });

  it('doubles a backslash, so that no name passes for another one escaped', () => {
    expect(shownPath('back\\x0aslash')).toBe('back\\\\x0aslash');
    expect(shownPath('back\\x0aslash')).not.toBe(shownPath('back\nslash'));
  });
});
