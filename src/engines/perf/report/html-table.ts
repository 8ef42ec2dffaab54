import { escapeMarkupAttribute as attribute, escapeMarkupText as text } from '../../testing/report/markup-escape.js';

/** Plain text (escaped here), or text with a class. */
export type Cell = string | { text: string; className: string };

export interface HtmlTable {
  caption: string;
  headings: string[];
  rows: Cell[][];
  /** Columns aligned right, by index. */
  numeric: number[];
}

/** A data table with a caption; each row's first cell heads its row. */
export function htmlTable(table: HtmlTable): string {
  const classes = (column: number, extra?: string) => {
    const names = [...(table.numeric.includes(column) ? ['number'] : []), ...(extra ? [extra] : [])];
    return names.length > 0 ? ` class="${attribute(names.join(' '))}"` : '';
  };
  const cell = (content: Cell, column: number) => {
    const { text: value, className } = typeof content === 'string' ? { text: content, className: undefined } : content;
    const attributes = classes(column, className);
    return column === 0 ? `<th scope="row"${attributes}>${text(value)}</th>` : `<td${attributes}>${text(value)}</td>`;
  };
  return [
    '<table>',
    `<caption>${text(table.caption)}</caption>`,
    `<thead><tr>${table.headings.map((heading, column) => `<th scope="col"${classes(column)}>${text(heading)}</th>`).join('')}</tr></thead>`,
    '<tbody>',
    ...table.rows.map((row) => `<tr>${row.map(cell).join('')}</tr>`),
    '</tbody>',
    '</table>',
  ].join('\n');
}
