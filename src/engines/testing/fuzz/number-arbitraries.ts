import fc from 'fast-check';
import type { JsonSchema } from '../../spec/spec-format.js';
import { integerRange, numberBounds } from '../generate/number-bounds.js';
import { EDGE_INTEGERS, EDGE_NUMBERS } from './fuzz-alphabet.js';

/** How far past a bound an outside number goes, in steps: shrinking brings it back to the first step. */
const STEPS_PAST = 1000;
/** Room given to one side of a range that has only the other bound. */
const OPEN_SIDE = 2 ** 31;
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/**
 * Numbers meant to satisfy the schema (its range, exclusive bounds, multipleOf, an int32 format),
 * with the edges of the range and of doubles among them: 2^31, 2^53 + 2, 1e308, the smallest
 * positive double, negative zero.
 */
export function numberInside(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const multipleOf = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : undefined;
  if (integer || multipleOf !== undefined) {
    const { low, high } = integer ? integerRange(schema) : realRange(schema);
    const step = multipleOf ?? 1;
    const bounded = schema.format === 'int32' ? { min: INT32.min, max: INT32.max } : { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };
    const min = low !== undefined ? Math.ceil(low / step) : high !== undefined ? Math.ceil(high / step) - OPEN_SIDE : undefined;
    const max = high !== undefined ? Math.floor(high / step) : low !== undefined ? Math.floor(low / step) + OPEN_SIDE : undefined;
    const from = Math.max(min ?? bounded.min, bounded.min);
    const to = Math.min(max ?? bounded.max, bounded.max);
    // A range with no whole multiple in it: nothing is valid, and the validator will say so.
    if (from > to) return fc.constant(low ?? high ?? 0);
    const counts = fc.integer({ min: from, max: to }).map((count) => count * step);
    if (multipleOf !== undefined || low !== undefined || high !== undefined) return counts;
    // Past the safe integers too: JSON carries them, and code that counts on exact doubles breaks on them.
    const edges = schema.format === 'int32' ? EDGE_INTEGERS.filter((value) => value >= INT32.min && value <= INT32.max) : EDGE_INTEGERS;
    return fc.oneof({ weight: 3, arbitrary: counts }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
  }
  const { minimum, maximum } = numberBounds(schema);
  const doubles = fc.double({
    noNaN: true,
    noDefaultInfinity: true,
    ...(minimum && { min: minimum.value, minExcluded: minimum.exclusive }),
    ...(maximum && { max: maximum.value, maxExcluded: maximum.exclusive }),
  });
  const inRange = (value: number) =>
    (!minimum || (minimum.exclusive ? value > minimum.value : value >= minimum.value)) &&
    (!maximum || (maximum.exclusive ? value < maximum.value : value <= maximum.value));
  const edges = EDGE_NUMBERS.filter(inRange);
  return edges.length > 0 ? fc.oneof({ weight: 3, arbitrary: doubles }, { weight: 1, arbitrary: fc.constantFrom(...edges) }) : doubles;
}

/**
 * Numbers just outside: below the minimum or above the maximum by whole steps (shrinking to the
 * first value out), a fraction where an integer belongs, one off multipleOf, 1e308 past a maximum.
 */
export function numberOutside(schema: JsonSchema, integer: boolean): Array<fc.Arbitrary<number>> {
  const { minimum, maximum } = numberBounds(schema);
  const step = integer ? 1 : 0.5;
  const variants: Array<fc.Arbitrary<number>> = [];
  if (minimum) {
    const first = minimum.exclusive ? minimum.value : integer ? Math.ceil(minimum.value) - 1 : minimum.value - step;
    variants.push(
      pastBound(
        fc.integer({ min: 0, max: STEPS_PAST }).map((steps) => first - steps * step),
        minimum.value > -1e308 ? -1e308 : undefined,
      ),
    );
  }
  if (maximum) {
    const first = maximum.exclusive ? maximum.value : integer ? Math.floor(maximum.value) + 1 : maximum.value + step;
    variants.push(
      pastBound(
        fc.integer({ min: 0, max: STEPS_PAST }).map((steps) => first + steps * step),
        maximum.value < 1e308 ? 1e308 : undefined,
      ),
    );
  }
  if (integer) {
    const { low, high } = integerRange(schema);
    const from = low ?? (high !== undefined ? high - STEPS_PAST : -STEPS_PAST);
    const to = Math.max(from, (high ?? from + 2 * STEPS_PAST) - 1);
    variants.push(fc.integer({ min: from, max: to }).map((value) => value + 0.5));
  }
  const multipleOf = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : undefined;
  if (multipleOf !== undefined && (!integer || multipleOf >= 2)) {
    const base = Math.ceil((minimum?.value ?? 0) / multipleOf);
    variants.push(fc.integer({ min: 0, max: STEPS_PAST }).map((count) => (base + count) * multipleOf + (integer ? 1 : multipleOf / 2)));
  }
  return variants;
}

/** Values past a bound by steps, and now and then `far` past it, which shrinks back to the first value out. */
function pastBound(steps: fc.Arbitrary<number>, far: number | undefined): fc.Arbitrary<number> {
  return far === undefined ? steps : fc.oneof({ withCrossShrink: true }, { weight: 4, arbitrary: steps }, { weight: 1, arbitrary: fc.constant(far) });
}

/** Bounds of a number range, for multiples of multipleOf. */
function realRange(schema: JsonSchema): { low?: number; high?: number } {
  const { minimum, maximum } = numberBounds(schema);
  return { ...(minimum && { low: minimum.value }), ...(maximum && { high: maximum.value }) };
}
