// Fitting plain text (no ANSI codes) to a terminal width, counting one column a character.

/** The rows `text` takes at `width` columns: word-wrapped, breaking words longer than a row. */
export function wrapPlainText(text: string, width: number): string[] {
  const columns = Math.max(1, width);
  return text
    .replace(/\t/g, '  ')
    .split('\n')
    .flatMap((line) => wrapLine(line, columns));
}

/** `text` on one row of at most `width` columns, ending in `…` when cut. */
export function truncateText(text: string, width: number): string {
  const line = text.replace(/\s*\n\s*/g, ' ');
  if (line.length <= width) return line;
  return width <= 0 ? '' : `${line.slice(0, width - 1)}…`;
}

/** `text` as one line: each line break shown as `⏎` (a command's title names every line of it). */
export function markLineBreaks(text: string): string {
  return text.replace(/\n/g, '⏎');
}

/** The first line with a letter or digit in it (skipping blank lines and lone brackets), trimmed. */
export function firstMeaningfulLine(text: string): string {
  const line = text.split('\n').find((candidate) => /[\p{L}\p{N}]/u.test(candidate));
  return line?.trim() ?? '';
}

function wrapLine(line: string, width: number): string[] {
  const rows: string[] = [];
  let rest = line;
  while (rest.length > width) {
    const space = rest.lastIndexOf(' ', width);
    const cut = space > 0 ? space : width;
    rows.push(rest.slice(0, cut));
    rest = rest.slice(space > 0 ? cut + 1 : cut);
  }
  rows.push(rest);
  return rows;
}
