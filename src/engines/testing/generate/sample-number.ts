import type { JsonSchema } from '../../spec/spec-format.js';
import { integerRange, numberBounds } from './number-bounds.js';
import type { SeededRandom } from './seeded-random.js';

/** Unbounded numbers are drawn from a small, readable range. */
const SPAN = 99;

/** A whole number within the schema's bounds and `multipleOf`. */
export function sampleInteger(schema: JsonSchema, random: SeededRandom): number {
  const range = integerRange(schema);
  const [low, high] = span(range.low, range.high);
  const step = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : 1;
  return multipleWithin(low, high, step, random) ?? low;
}

/** A number within the schema's bounds (exclusive ones kept off) and `multipleOf`, with at most two decimals when it can. */
export function sampleNumber(schema: JsonSchema, random: SeededRandom): number {
  const { minimum, maximum } = numberBounds(schema);
  const [low, high] = span(minimum?.value, maximum?.value);
  if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0) {
    const lowest = minimum?.exclusive ? low + schema.multipleOf / 2 : low;
    const highest = maximum?.exclusive ? high - schema.multipleOf / 2 : high;
    return multipleWithin(lowest, highest, schema.multipleOf, random) ?? low;
  }
  const value = Math.round((low + (high - low) * (0.1 + random.next() * 0.8)) * 100) / 100;
  const inside = (minimum?.exclusive ? value > low : value >= low) && (maximum?.exclusive ? value < high : value <= high);
  return inside ? value : (low + high) / 2;
}

function span(low: number | undefined, high: number | undefined): [number, number] {
  if (low !== undefined && high !== undefined) return [low, high];
  if (low !== undefined) return [low, low + SPAN];
  if (high !== undefined) return high >= 1 ? [Math.max(1, high - SPAN), high] : [high - SPAN, high];
  return [1, 1 + SPAN];
}

function multipleWithin(low: number, high: number, step: number, random: SeededRandom): number | undefined {
  const first = Math.ceil(low / step);
  const last = Math.floor(high / step);
  if (first > last) return undefined;
  const factor = random.int(first, Math.min(last, first + SPAN));
  return roundLike(factor * step, step);
}

/** `3 * 0.1` is 0.30000000000000004: round to the decimals of the step. */
function roundLike(value: number, step: number): number {
  const decimals = (String(step).split('.')[1] ?? '').length;
  return decimals === 0 ? value : Number(value.toFixed(decimals));
}
