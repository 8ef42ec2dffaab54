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
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    offset += line.length + 1;
    const blank = line.trim() === '';
    if (blank && !inFence && i > 0 && lines.length - (i + 1) >= keepLines) split = offset;
  }
  return split;
}
