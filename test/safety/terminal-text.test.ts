import { describe, expect, it } from 'vitest';
import { terminalSafeJson, terminalSafeStyled, terminalSafeText, terminalSafeValue } from '../../src/safety/terminal-text.js';
import { ESCAPE_CORPUS, UNSAFE_CHARACTER } from './escape-corpus.js';

describe('terminalSafeText', () => {
  it.each(ESCAPE_CORPUS)('shows $name as text', ({ text, shown }) => {
    expect(terminalSafeText(text)).toBe(shown);
    expect(terminalSafeText(text)).not.toMatch(UNSAFE_CHARACTER);
  });

  it('keeps newlines, tabs, Unicode and CRLF line endings (as newlines)', () => {
    expect(terminalSafeText('a\tb\nc — ✓ 🦅 日本\r\nd')).toBe('a\tb\nc — ✓ 🦅 日本\nd');
  });

  it('is idempotent', () => {
    for (const { text } of ESCAPE_CORPUS) expect(terminalSafeText(terminalSafeText(text))).toBe(terminalSafeText(text));
  });
});

describe('terminalSafeValue', () => {
  it('makes every string safe, keys included, and leaves other values alone', () => {
    const value = { 'k\u001b': ['\u009b2J', 3, null, true, { deep: '\u0007' }], n: 1 };
    expect(terminalSafeValue(value)).toEqual({ 'k␛': ['␛[2J', 3, null, true, { deep: '^G' }], n: 1 });
    expect(value['k\u001b'][0]).toBe('\u009b2J');
  });
});

describe('terminalSafeJson', () => {
  it('escapes C0, DEL, C1, line separators and bidi controls, and parses back to the same value', () => {
    for (const { text } of [...ESCAPE_CORPUS, { text: 'a\u2028b\u2029c' }]) {
      const json = terminalSafeJson({ text }, 2);
      expect(json).not.toMatch(UNSAFE_CHARACTER);
      expect(json).not.toMatch(/[\u2028\u2029]/);
      expect(JSON.parse(json)).toEqual({ text });
    }
    expect(terminalSafeJson('\u009b\u001b')).toBe('"\\u009b\\u001b"');
  });
});

describe('terminalSafeStyled', () => {
  it('keeps SGR colours and OSC 8 links, and shows any other sequence as text', () => {
    const link = '\u001b]8;;https://example.com\u0007link\u001b]8;;\u0007';
    const styled = `\u001b[1mbold\u001b[22m ${link} \u001b]0;title\u0007 \u001b[2J \u009b31m`;
    expect(terminalSafeStyled(styled)).toBe(`\u001b[1mbold\u001b[22m ${link} ␛]0;title^G ␛[2J ␛[31m`);
  });

  it('does not take an OSC 8 whose target holds a control for a link', () => {
    expect(terminalSafeStyled('\u001b]8;;http://x\u001b]0;t\u0007')).toBe('␛]8;;http://x␛]0;t^G');
  });
});
