import { describe, expect, it } from 'vitest';
import { layoutTable, type TableCells } from '../../../src/tui/components/markdown-table.js';
import { renderMarkdown } from '../../../src/tui/components/render-markdown.js';
import { visibleWidth, wrapStyled } from '../../../src/tui/components/styled-text.js';
import { BOLD, stripAnsi, useColourLevel } from './terminal-output.js';

const plain = { border: (text: string) => text, head: (text: string) => text };
const widest = (lines: string[]) => Math.max(...lines.map(visibleWidth));

const ENDPOINTS: TableCells = {
  header: ['Method', 'Path', 'Status', 'What went wrong'],
  rows: [
    ['POST', '/users', '500', 'the handler reads body.name before checking that a body was sent at all'],
    ['GET', '/users/{id}', '404', 'an id that exists is looked up in the wrong table'],
  ],
  align: [null, null, 'right', null],
};

describe('layoutTable', () => {
  it('draws a table that fits as it is, one line a row, a rule between rows', () => {
    const lines = layoutTable(
      {
        header: ['Method', 'Path'],
        rows: [
          ['POST', '/users'],
          ['GET', '/'],
        ],
        align: [null, null],
      },
      60,
      plain,
    );
    expect(lines).toEqual([
      '┌────────┬────────┐',
      '│ Method │ Path   │',
      '├────────┼────────┤',
      '│ POST   │ /users │',
      '├────────┼────────┤',
      '│ GET    │ /      │',
      '└────────┴────────┘',
    ]);
  });

  it('wraps the widest columns to fit 60 columns, keeping every word', () => {
    const lines = layoutTable(ENDPOINTS, 60, plain);
    expect(widest(lines)).toBeLessThanOrEqual(60);
    expect(lines.every((line) => /^[┌│├└]/.test(line) && /[┐│┤┘]$/.test(line))).toBe(true);
    const words = (text: string) =>
      text
        .replace(/[│┌┐└┘├┤┬┴┼─]/g, ' ')
        .split(/\s+/)
        .filter(Boolean);
    expect(words(lines.join('\n'))).toEqual(expect.arrayContaining(words(ENDPOINTS.rows.flat().join(' '))));
    // The short columns keep their width; only the long one wraps.
    expect(lines[1]).toMatch(/^│ Method │ Path\s+│ Status │ What went wrong\s+│$/);
    expect(lines.filter((line) => line.startsWith('├'))).toHaveLength(2);
    expect(lines.length).toBeGreaterThan(2 + 2 + 2 + 1);
    expect(lines.find((line) => line.includes('POST'))).toMatch(/│\s+500 │/);
  });

  it('falls back to a list per row when the columns would be too narrow to read', () => {
    const header = ['Operation', 'Status', 'Latency p50', 'Latency p95', 'Errors', 'Throughput', 'Owner'];
    const rows = [['GET /users', '200', '12 ms', '40 ms', '0', '950 req/s', 'platform-team']];
    const lines = layoutTable({ header, rows: [...rows, rows[0]!.map((cell) => cell.replace('GET', 'POST'))], align: header.map(() => null) }, 60, plain);
    expect(lines).toEqual([
      '• Operation: GET /users',
      '  Status: 200',
      '  Latency p50: 12 ms',
      '  Latency p95: 40 ms',
      '  Errors: 0',
      '  Throughput: 950 req/s',
      '  Owner: platform-team',
      '',
      '• Operation: POST /users',
      '  Status: 200',
      '  Latency p50: 12 ms',
      '  Latency p95: 40 ms',
      '  Errors: 0',
      '  Throughput: 950 req/s',
      '  Owner: platform-team',
    ]);
  });

  it('wraps a long value of the list under its field', () => {
    const lines = layoutTable(
      { header: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'], rows: [['x '.repeat(40).trim(), '1', '2', '3', '4', '5', '6', '7']], align: [] },
      30,
      plain,
    );
    expect(widest(lines)).toBeLessThanOrEqual(30);
    expect(lines[0]).toMatch(/^• A: x x/);
    expect(lines[1]).toMatch(/^ {4}x x/);
  });

  it('measures wide characters as two columns', () => {
    const lines = layoutTable({ header: ['名前', 'Role'], rows: [['山田太郎', 'admin']], align: [null, null] }, 60, plain);
    expect(new Set(lines.map(visibleWidth)).size).toBe(1);
  });
});

describe('wrapStyled', () => {
  it('closes a style at the end of a row and opens it again on the next', () => {
    const rows = wrapStyled(`${BOLD}one two three\u001b[22m four`, 7);
    expect(rows.map(stripAnsi)).toEqual(['one two', 'three', 'four']);
    expect(rows[0]).toBe(`${BOLD}one two\u001b[0m`);
    expect(rows[1]).toBe(`${BOLD}three\u001b[22m\u001b[0m`);
  });

  it('counts combining marks and zero-width joiners as nothing, wide characters as two, escape codes as nothing', () => {
    expect(visibleWidth('cafe\u0301')).toBe(4);
    expect(visibleWidth('a\u200Db')).toBe(2);
    expect(visibleWidth('表')).toBe(2);
    expect(visibleWidth(`${BOLD}bold\u001b[22m`)).toBe(4);
  });

  it('breaks a word longer than a row', () => {
    expect(wrapStyled('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
  });
});

describe('tables in rendered Markdown', () => {
  const markdown = ['| Method | Path | Status | What went wrong |', '|---|---|--:|---|', ...ENDPOINTS.rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');

  describe('in colour', () => {
    useColourLevel(1);

    it('fits 60 columns with bold headers and inline styling kept', () => {
      const rendered = renderMarkdown(`${markdown}\n| PUT | \`/users/{id}\` | 200 | **fine** |`, 60);
      expect(widest(rendered.split('\n'))).toBeLessThanOrEqual(60);
      expect(rendered).toContain(`${BOLD}Method`);
      expect(rendered).toContain(`${BOLD}fine`);
      expect(stripAnsi(rendered)).toContain('/users/{id}');
      expect(stripAnsi(rendered)).not.toContain('`');
    });
  });

  describe('without colour', () => {
    useColourLevel(0);

    it('fits 60 columns and 40 columns, and writes no escape codes', () => {
      for (const width of [60, 40]) {
        const rendered = renderMarkdown(markdown, width);
        expect(rendered).toBe(stripAnsi(rendered));
        expect(widest(rendered.split('\n'))).toBeLessThanOrEqual(width);
        expect(rendered).toContain('POST');
      }
    });

    it('shows control characters in a cell as text, and measures them so', () => {
      const rendered = renderMarkdown('| a | b |\n|---|---|\n| bell\u0007 | x |', 60);
      expect(rendered).toContain('bell^G');
      expect(new Set(rendered.split('\n').map(visibleWidth)).size).toBe(1);
    });
  });
});
