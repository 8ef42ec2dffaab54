import { describe, expect, it } from 'vitest';
import { hasMoreLinesThan, withoutUnfinishedFence } from '../../../src/tui/state/markdown-boundary.js';

describe('hasMoreLinesThan', () => {
  it('counts lines as split does', () => {
    for (const text of ['', 'one', 'one\n', 'one\ntwo', 'one\ntwo\n\n']) {
      for (const count of [0, 1, 2, 3, 4]) expect(hasMoreLinesThan(text, count), `${JSON.stringify(text)} ${count}`).toBe(text.split('\n').length > count);
    }
  });
});

describe('withoutUnfinishedFence', () => {
  it('keeps back a fence line still being written, opening or closing', () => {
    expect(withoutUnfinishedFence('Run it:\n\n```jso')).toBe('Run it:\n\n');
    expect(withoutUnfinishedFence('```js\nconst a = 1;\n  ``')).toBe('```js\nconst a = 1;\n');
    expect(withoutUnfinishedFence('~~~')).toBe('');
  });

  it('leaves a fence line that has ended, and any other last line', () => {
    expect(withoutUnfinishedFence('```json\n')).toBe('```json\n');
    expect(withoutUnfinishedFence('```js\nconst a = 1;')).toBe('```js\nconst a = 1;');
    expect(withoutUnfinishedFence('use `code` here')).toBe('use `code` here');
  });
});
