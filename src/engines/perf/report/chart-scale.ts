/**
 * Axis ticks from 0 to at least `max` in steps of 1, 2 or 5 times a power of ten, about `count` of
 * them: `niceTicks(437)` → 0, 100, 200, 300, 400, 500. Nothing to show (0 or less) gives 0 and 1.
 */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rough)!;
  const steps = Math.ceil(max / step - 1e-9);
  // toPrecision: 3 × 0.1 is 0.30000000000000004, and a label must read 0.3.
  return Array.from({ length: steps + 1 }, (_, index) => Number((index * step).toPrecision(12)));
}
