import type { JsonSchema } from '../../spec/spec-format.js';

export interface NumberBound {
  value: number;
  /** The value itself is not allowed (`exclusiveMinimum`). */
  exclusive: boolean;
}

export interface NumberBounds {
  minimum?: NumberBound;
  maximum?: NumberBound;
}

/** The schema's own bounds, both in the OpenAPI 3.0 form (`exclusiveMinimum: true`) and the 3.1 one (`exclusiveMinimum: 5`). */
export function numberBounds(schema: JsonSchema): NumberBounds {
  const minimum = bound(schema.minimum, schema.exclusiveMinimum, Math.max);
  const maximum = bound(schema.maximum, schema.exclusiveMaximum, Math.min);
  return { ...(minimum && { minimum }), ...(maximum && { maximum }) };
}

function bound(inclusive: unknown, exclusive: unknown, tighter: (a: number, b: number) => number): NumberBound | undefined {
  if (typeof exclusive === 'number') {
    if (typeof inclusive === 'number' && tighter(inclusive, exclusive) === inclusive && inclusive !== exclusive) return { value: inclusive, exclusive: false };
    return { value: exclusive, exclusive: true };
  }
  if (typeof inclusive !== 'number') return undefined;
  return { value: inclusive, exclusive: exclusive === true };
}

/** The range of whole numbers the schema allows, its `format` (int32, int64) included. */
export function integerRange(schema: JsonSchema): { low?: number; high?: number } {
  const { minimum, maximum } = numberBounds(schema);
  let low = minimum && (minimum.exclusive ? Math.floor(minimum.value) + 1 : Math.ceil(minimum.value));
  let high = maximum && (maximum.exclusive ? Math.ceil(maximum.value) - 1 : Math.floor(maximum.value));
  const [formatLow, formatHigh] = schema.format === 'int32' ? [-(2 ** 31), 2 ** 31 - 1] : [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
  if (low !== undefined) low = Math.max(low, formatLow);
  if (high !== undefined) high = Math.min(high, formatHigh);
  return { ...(low !== undefined && { low }), ...(high !== undefined && { high }) };
}
