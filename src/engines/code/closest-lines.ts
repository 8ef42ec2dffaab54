/** Where the text most like `wanted` is, for a "not found" message; similarity from 0 to 1. */
export interface ClosestLines {
  /** 1-based line of the first line of the window. */
  line: number;
  lines: string[];
  similarity: number;
}

/**
 * Slides a window of `wanted.length` lines over `lines` and scores each window by the mean of its
 * line-by-line similarities (Dice coefficient of character pairs, whitespace ignored).
 */
export function findClosestLines(lines: readonly string[], wanted: readonly string[]): ClosestLines | undefined {
  if (wanted.length === 0 || lines.length === 0) return undefined;
  const size = Math.min(wanted.length, lines.length);
  const wantedPairs = wanted.slice(0, size).map(charPairs);
  const linePairs = lines.map(charPairs);
  let best: ClosestLines | undefined;
  for (let start = 0; start + size <= lines.length; start++) {
    let total = 0;
    for (let k = 0; k < size; k++) total += dice(linePairs[start + k] as CharPairs, wantedPairs[k] as CharPairs);
    const similarity = total / wanted.length;
    if (!best || similarity > best.similarity) best = { line: start + 1, lines: lines.slice(start, start + size), similarity };
  }
  return best;
}

interface CharPairs {
  counts: Map<string, number>;
  total: number;
}

function charPairs(line: string): CharPairs {
  const text = line.replace(/\s+/g, '');
  const counts = new Map<string, number>();
  for (let i = 0; i < text.length - 1; i++) {
    const pair = text.slice(i, i + 2);
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  // A one-character line still needs something to compare.
  if (text.length === 1) counts.set(text, 1);
  return { counts, total: text.length > 1 ? text.length - 1 : text.length };
}

function dice(a: CharPairs, b: CharPairs): number {
  if (a.total === 0 && b.total === 0) return 1;
  let shared = 0;
  for (const [pair, count] of a.counts) shared += Math.min(count, b.counts.get(pair) ?? 0);
  return (2 * shared) / (a.total + b.total);
}
