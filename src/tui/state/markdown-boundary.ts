const FENCE = /^\s*(```|~~~)/;
/** A fence, or the start of one. */
const FENCE_SO_FAR = /^\s*(?:```|~~~|`{1,2}$|~{1,2}$)/;

/**
 * The end of the longest head of `text` that can be rendered on its own: just after a blank line
 * outside any code fence, leaving at least `keepLines` lines behind. -1 when there is none.
 */
export function safeMarkdownSplit(text: string, keepLines: number): number {
  const lines = text.split('\n');
  let inFence = false;
  let offset = 0;
  let split = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (FENCE.test(line)) inFence = !inFence;
    offset += line.length + 1;
    const blank = line.trim() === '';
    if (blank && !inFence && i > 0 && lines.length - (i + 1) >= keepLines) split = offset;
  }
  return split;
}

/** Whether `text` has more than `count` lines; reads no further than the line that tells. */
export function hasMoreLinesThan(text: string, count: number): boolean {
  let at = -1;
  for (let breaks = 0; breaks < count; breaks++) {
    at = text.indexOf('\n', at + 1);
    if (at === -1) return false;
  }
  return true;
}

/**
 * `text` less its last line when that line is a code fence still being written: an opening one's
 * language may be half there (```jso), and neither kind shows anything once its line ends.
 */
export function withoutUnfinishedFence(text: string): string {
  const lineStart = text.lastIndexOf('\n') + 1;
  return FENCE_SO_FAR.test(text.slice(lineStart)) ? text.slice(0, lineStart) : text;
}
