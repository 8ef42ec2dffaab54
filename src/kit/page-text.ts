import { escapeMarkupAttribute as attribute, escapeMarkupText as text } from '../engines/testing/report/markup-escape.js';

/** A `<time>` in the reader's words: `2025-03-04 05:06:07` (local time of the machine serving it). */
export function dateTime(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  const shown = `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
  return `<time datetime="${attribute(date.toISOString())}">${text(shown)}</time>`;
}

/** The text on one line, cut at `length` characters with an ellipsis. */
export function shortened(content: string, length: number): string {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length <= length ? line : `${line.slice(0, length - 1)}…`;
}

/** `3 cases`, `1 case`. */
export function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
}
