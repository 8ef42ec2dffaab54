/** Cells are HTML already; `numeric` lists the columns aligned right. */
export function htmlTable(headings: string[], rows: string[][], numeric: number[]): string {
  const cell = (tag: string, content: string, column: number) => `<${tag}${numeric.includes(column) ? ' class="number"' : ''}>${content}</${tag}>`;
  return [
    '<table>',
    `<thead><tr>${headings.map((heading, column) => cell('th', heading, column)).join('')}</tr></thead>`,
    '<tbody>',
    ...rows.map((row) => `<tr>${row.map((content, column) => cell('td', content, column)).join('')}</tr>`),
    '</tbody>',
    '</table>',
  ].join('\n');
}
