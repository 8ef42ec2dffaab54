import { describe, expect, it } from 'vitest';
import { firstMeaningfulLine, truncateText, wrapPlainText } from '../../../src/tui/components/plain-text-layout.js';

describe('plain text layout', () => {
  it('wraps at spaces and breaks words longer than a row', () => {
    expect(wrapPlainText('the quick brown fox', 10)).toEqual(['the quick', 'brown fox']);
    expect(wrapPlainText('abcdefghijkl', 5)).toEqual(['abcde', 'fghij', 'kl']);
    expect(wrapPlainText('a\n\nb', 5)).toEqual(['a', '', 'b']);
  });

  it('truncates to one row with an ellipsis', () => {
    expect(truncateText('hello world', 8)).toBe('hello w…');
    expect(truncateText('two\nlines', 20)).toBe('two lines');
    expect(truncateText('short', 20)).toBe('short');
  });

  it('finds the first line that says something', () => {
    expect(firstMeaningfulLine('\n{\n  "status": 200,\n')).toBe('"status": 200,');
    expect(firstMeaningfulLine('\n\n')).toBe('');
  });
});
