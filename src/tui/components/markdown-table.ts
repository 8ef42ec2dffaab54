// A Markdown table laid out for a terminal of a given width: as it is when it fits; with its cells
// wrapped when narrower columns still read well; else one short list per row, `Header: value` each.
import { padStyled, visibleWidth, wrapStyled } from './styled-text.js';

export type ColumnAlign = 'left' | 'right' | 'center' | null;

export interface TableCells {
  /** Each cell already rendered (inline Markdown, Falcon's own styling). */
  header: string[];
  rows: string[][];
  align: ColumnAlign[];
}

export interface TableStyle {
  border(text: string): string;
  head(text: string): string;
}

/** Below this, a wrapped column breaks most words: the table becomes a list instead. */
const MIN_COLUMN = 8;

/** The table as terminal lines of at most `width` columns. */
export function layoutTable(table: TableCells, width: number, style: TableStyle): string[] {
  const columns = table.header.length;
  if (columns === 0) return [];
  const rows = table.rows.map((row) => Array.from({ length: columns }, (_, index) => row[index] ?? ''));
  const widths = columnWidths([table.header, ...rows], width - (3 * columns + 1));
  return widths ? drawTable(table, rows, widths, style) : tableAsList(table.header, rows, width, style);
}

/**
 * Each column's width: as wide as its widest cell when all fit in `room`; else the widest columns
 * give way first, down to their longest word, then down to `MIN_COLUMN` (a column narrower by
 * nature keeps its width). Undefined when even that does not fit.
 */
function columnWidths(cells: string[][], room: number): number[] | undefined {
  const natural = cells[0]!.map((_, column) => Math.max(1, ...cells.map((row) => visibleWidth(row[column]!))));
  const longestWord = cells[0]!.map((_, column) => Math.max(1, ...cells.flatMap((row) => row[column]!.split(' ').map(visibleWidth))));
  const widths = [...natural];
  for (const floor of [longestWord.map((word, column) => Math.min(word, natural[column]!)), natural.map((wide) => Math.min(wide, MIN_COLUMN))]) {
    while (sum(widths) > room) {
      const widest = widestAbove(widths, floor);
      if (widest === undefined) break;
      widths[widest]! -= 1;
    }
  }
  return sum(widths) <= room ? widths : undefined;
}

function widestAbove(widths: number[], floor: number[]): number | undefined {
  let found: number | undefined;
  widths.forEach((width, column) => {
    if (width > floor[column]! && (found === undefined || width > widths[found]!)) found = column;
  });
  return found;
}

function drawTable(table: TableCells, rows: string[][], widths: number[], style: TableStyle): string[] {
  const rule = (left: string, middle: string, right: string) => style.border(left + widths.map((width) => '─'.repeat(width + 2)).join(middle) + right);
  const bar = style.border('│');
  const drawRow = (cells: string[], paint: (text: string) => string) => {
    const wrapped = cells.map((cell, column) => wrapStyled(cell, widths[column]!));
    const height = Math.max(...wrapped.map((lines) => lines.length));
    return Array.from({ length: height }, (_, line) => {
      const parts = wrapped.map((lines, column) => ` ${padStyled(paint(lines[line] ?? ''), widths[column]!, table.align[column] ?? null)} `);
      return bar + parts.join(bar) + bar;
    });
  };
  // A rule under every row tells where a wrapped row ends.
  return [
    rule('┌', '┬', '┐'),
    ...[drawRow(table.header, (text) => (text ? style.head(text) : text)), ...rows.map((row) => drawRow(row, (text) => text))].flatMap((lines, index) =>
      index === 0 ? lines : [rule('├', '┼', '┤'), ...lines],
    ),
    rule('└', '┴', '┘'),
  ];
}

/** `• Header: value` for the first cell of a row, `  Header: value` for the rest (wrapped lines indented under them), a blank line between rows. */
function tableAsList(header: string[], rows: string[][], width: number, style: TableStyle): string[] {
  return rows.flatMap((row, index) => [
    ...(index > 0 ? [''] : []),
    ...row.flatMap((cell, column) => {
      const name = header[column] ? `${style.head(header[column])}: ` : '';
      const [first = '', ...rest] = wrapStyled(name + cell, width - 4);
      return [`${column === 0 ? '• ' : '  '}${first}`, ...rest.map((line) => `    ${line}`)];
    }),
  ]);
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
