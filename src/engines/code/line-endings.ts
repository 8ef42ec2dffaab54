/** How a text file ends its lines: all `\r\n`, otherwise (`\n`, mixed or a single line) as-is. */
export type LineEnding = 'crlf' | 'lf';

export function detectLineEnding(text: string): LineEnding {
  const lineFeeds = text.split('\n').length - 1;
  if (lineFeeds === 0) return 'lf';
  const crlfs = text.split('\r\n').length - 1;
  return crlfs === lineFeeds ? 'crlf' : 'lf';
}

export function toLf(text: string): string {
  return text.replaceAll('\r\n', '\n');
}

/** Text with `\n` endings written back as `ending`. */
export function withLineEnding(text: string, ending: LineEnding): string {
  return ending === 'crlf' ? toLf(text).replaceAll('\n', '\r\n') : text;
}
