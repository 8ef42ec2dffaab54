import { printableText } from './printable-text.js';

/** Text on one line of Markdown prose: characters Markdown would read as markup are escaped. */
export function markdownText(text: string): string {
  return oneLine(text).replace(/[\\`*_[\]<>~&]/g, '\\$&');
}

/** An inline code span that holds any text, backticks included. */
export function markdownCode(text: string): string {
  const line = oneLine(text);
  const fence = '`'.repeat(longestBacktickRun(line) + 1);
  const pad = line.startsWith('`') || line.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${line}${pad}${fence}`;
}

/** A fenced code block whose fence is longer than any run of backticks inside, so nothing closes it early. */
export function markdownFence(text: string, info = ''): string[] {
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(text) + 1));
  return [`${fence}${info}`, printableText(text).replace(/\r\n?/g, '\n'), fence];
}

/** A table row; a pipe inside a cell would end the cell, even inside a code span. */
export function markdownRow(cells: string[]): string {
  return `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
}

function oneLine(text: string): string {
  return printableText(text).replace(/\s*[\r\n]+\s*/g, ' ');
}

function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const match of text.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  return longest;
}
