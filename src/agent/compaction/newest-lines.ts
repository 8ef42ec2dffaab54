/**
 * The lines that fit in `roomTokens`, the newest kept when not all do; then the first line says how
 * many earlier ones were left out.
 */
export function newestLinesWithin(
  lines: readonly string[],
  roomTokens: number,
  estimateText: (text: string) => number,
  leftOut: (count: number) => string,
): string[] {
  const kept: string[] = [];
  let used = 0;
  for (let index = lines.length - 1; index >= 0; index--) {
    used += estimateText(lines[index]!) + 1;
    if (used > roomTokens) return [leftOut(index + 1), ...kept];
    kept.unshift(lines[index]!);
  }
  return kept;
}
