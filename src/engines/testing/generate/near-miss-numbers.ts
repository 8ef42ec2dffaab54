import type { JsonSchema } from '../../spec/spec-format.js';
import { numberBounds, type NumberBound } from './number-bounds.js';
import type { ValueChange, ValuePlace } from './value-change.js';

/** A number's step outside a bound when the schema names no `multipleOf`: a cent. */
const NUMBER_STEP = 0.01;
const MINIMUM_KEYWORDS = ['minimum', 'exclusiveMinimum'];
const MAXIMUM_KEYWORDS = ['maximum', 'exclusiveMaximum'];

/**
 * Numbers a lax validator takes by mistake: one step outside `minimum` or `maximum` (the bound
 * itself when exclusive; the step is `multipleOf`, else 1 for an integer and a cent for a number,
 * so the value stays a multiple), `current` moved off its `multipleOf`, and in a JSON body
 * `current` written with a leading plus sign (`+1`: not JSON, though some parsers read it).
 */
export function numberNearMisses(schema: JsonSchema, types: readonly string[], current: unknown, place: ValuePlace): ValueChange[] {
  const integer = !types.includes('number');
  const word = integer ? 'integer' : 'number';
  const multipleOf = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : undefined;
  const step = multipleOf ?? (integer ? 1 : NUMBER_STEP);
  const { minimum, maximum } = numberBounds(schema);
  const changes: ValueChange[] = [];
  if (minimum) {
    const value = tidy((firstInside(minimum, step, 'up') - 1) * step);
    const phrase = minimum.exclusive ? `at its exclusive minimum ${minimum.value}` : `below its minimum ${minimum.value}`;
    const kind = `${word} ${minimum.exclusive ? 'at its exclusive minimum' : 'just below its minimum'} ${minimum.value}`;
    changes.push({ slug: 'below-minimum', phrase, value, nearMiss: kind, breaks: MINIMUM_KEYWORDS });
  }
  if (maximum) {
    const value = tidy((firstInside(maximum, step, 'down') + 1) * step);
    const phrase = maximum.exclusive ? `at its exclusive maximum ${maximum.value}` : `above its maximum ${maximum.value}`;
    const kind = `${word} ${maximum.exclusive ? 'at its exclusive maximum' : 'just above its maximum'} ${maximum.value}`;
    changes.push({ slug: 'above-maximum', phrase, value, nearMiss: kind, breaks: MAXIMUM_KEYWORDS });
  }
  const valid = typeof current === 'number' && Number.isFinite(current) ? current : undefined;
  if (multipleOf !== undefined && valid !== undefined && !(integer && multipleOf <= 1)) {
    const offset = integer ? 1 : multipleOf / 2;
    const above = tidy(valid + offset);
    const value = maximum && (above > maximum.value || (maximum.exclusive && above === maximum.value)) ? tidy(valid - offset) : above;
    changes.push({
      slug: 'not-multiple',
      phrase: `not a multiple of ${multipleOf}`,
      value,
      nearMiss: `${word} not a multiple of ${multipleOf}`,
      breaks: ['multipleOf'],
    });
  }
  if (place === 'json' && valid !== undefined && valid >= 0) {
    const jsonText = `+${JSON.stringify(valid)}`;
    changes.push({ slug: 'plus-sign', phrase: `written ${jsonText}`, value: valid, nearMiss: `${word} with a leading plus sign`, jsonText });
  }
  return changes;
}

/** How many steps from zero the first multiple of `step` inside the bound lies. */
function firstInside(bound: NumberBound, step: number, direction: 'up' | 'down'): number {
  const steps = tidy(bound.value / step);
  if (direction === 'up') return bound.exclusive ? Math.floor(steps) + 1 : Math.ceil(steps);
  return bound.exclusive ? Math.ceil(steps) - 1 : Math.floor(steps);
}

/** Without the binary fraction's noise: `0.30000000000000004` → `0.3`. */
function tidy(value: number): number {
  return Number(value.toPrecision(12));
}
