import { describe, expect, it } from 'vitest';
import { previewRows } from '../../../src/tui/components/preview-rows.js';

const LONG_ADDED = `+  const message = 'user ' + id + ' was not found in the users table, check the seed data';`;
const DIFF = ['--- a/src/app.js', '+++ b/src/app.js', '@@ -1,3 +1,3 @@', ' function find(id) {', "-  return 'missing';", LONG_ADDED, ' }'].join('\n');

describe('previewRows of a diff', () => {
  it('keeps the + or - gutter on every row a wrapped line takes, and loses no character', () => {
    const rows = previewRows({ kind: 'diff', path: 'src/app.js', diff: DIFF, isNew: false }, 40);
    expect(rows.every((row) => row.text.length <= 40)).toBe(true);
    const added = rows.filter((row) => row.tone === 'added');
    expect(added.length).toBeGreaterThan(2);
    expect(added.every((row) => row.text.startsWith('+'))).toBe(true);
    expect(added.map((row) => row.text.slice(1)).join('')).toBe(LONG_ADDED.slice(1));
  });

  it('indents the wrapped rows of an unchanged line behind its blank gutter', () => {
    const context = ` ${'x'.repeat(50)}`;
    const rows = previewRows({ kind: 'diff', path: 'a', diff: `@@ -1 +1 @@\n${context}`, isNew: false }, 20);
    expect(rows.slice(1).map((row) => row.text)).toEqual([` ${'x'.repeat(19)}`, ` ${'x'.repeat(19)}`, ` ${'x'.repeat(12)}`]);
    expect(rows.slice(1).every((row) => row.tone === 'plain')).toBe(true);
  });

  it('wraps the header lines as text, and an empty line of a hunk stays one row', () => {
    const rows = previewRows({ kind: 'diff', path: 'a', diff: '--- a/some/long/path/to/a/file.js\n@@ -1,2 +1,2 @@\n+\n-x', isNew: false }, 20);
    expect(rows.map((row) => [row.text, row.tone])).toEqual([
      ['---', 'header'],
      ['a/some/long/path/to/', 'header'],
      ['a/file.js', 'header'],
      ['@@ -1,2 +1,2 @@', 'hunk'],
      ['+', 'added'],
      ['-x', 'removed'],
    ]);
  });
});
