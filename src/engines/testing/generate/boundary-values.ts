import type { JsonSchema } from '../../spec/spec-format.js';
import { integerRange, numberBounds } from './number-bounds.js';
import { patternString } from './pattern-string.js';
import { schemaTypes } from './schema-shape.js';
import type { SeededRandom } from './seeded-random.js';
import { MAX_TRIED_ITEMS, MAX_TRIED_LENGTH, type ValueChange, type ValuePlace } from './value-change.js';

/** Formats whose values can be any text of the right length. */
const FREE_TEXT_FORMATS = new Set([undefined, 'password', 'binary']);

/**
 * Valid values at the edges the schema draws: minimum and maximum (the first whole or stepped value
 * inside an exclusive one), minLength and maxLength exactly, an empty array, minItems and maxItems
 * exactly. `item(n)` makes the n-th array item. Callers keep only those the schema accepts.
 */
export function boundaryValues(schema: JsonSchema, current: unknown, place: ValuePlace, random: SeededRandom, item: (index: number) => unknown): ValueChange[] {
  const types = schemaTypes(schema);
  const changes: ValueChange[] = [];
  if (types.includes('integer')) changes.push(...integerEdges(schema));
  else if (types.includes('number')) changes.push(...numberEdges(schema));
  if (types.includes('string')) changes.push(...lengthEdges(schema, place, random));
  if (types.includes('array')) changes.push(...countEdges(schema, Array.isArray(current) ? current : [], item));
  return changes;
}

function integerEdges(schema: JsonSchema): ValueChange[] {
  const { minimum, maximum } = numberBounds(schema);
  const { low, high } = integerRange(schema);
  const step = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : 1;
  const changes: ValueChange[] = [];
  if (minimum && low !== undefined)
    changes.push({ slug: 'minimum', phrase: edgePhrase('minimum', minimum.exclusive, minimum.value), value: Math.ceil(low / step) * step });
  if (maximum && high !== undefined)
    changes.push({ slug: 'maximum', phrase: edgePhrase('maximum', maximum.exclusive, maximum.value), value: Math.floor(high / step) * step });
  return changes;
}

function numberEdges(schema: JsonSchema): ValueChange[] {
  const { minimum, maximum } = numberBounds(schema);
  const step = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : 0.01;
  const changes: ValueChange[] = [];
  if (minimum)
    changes.push({
      slug: 'minimum',
      phrase: edgePhrase('minimum', minimum.exclusive, minimum.value),
      value: minimum.exclusive ? minimum.value + step : minimum.value,
    });
  if (maximum)
    changes.push({
      slug: 'maximum',
      phrase: edgePhrase('maximum', maximum.exclusive, maximum.value),
      value: maximum.exclusive ? maximum.value - step : maximum.value,
    });
  return changes;
}

function edgePhrase(edge: 'minimum' | 'maximum', exclusive: boolean, value: number): string {
  return exclusive ? `just ${edge === 'minimum' ? 'above' : 'below'} its exclusive ${edge} ${value}` : `at its ${edge} ${value}`;
}

function lengthEdges(schema: JsonSchema, place: ValuePlace, random: SeededRandom): ValueChange[] {
  const changes: ValueChange[] = [];
  for (const [keyword, slug] of [
    ['minLength', 'min-length'],
    ['maxLength', 'max-length'],
  ] as const) {
    const length = schema[keyword];
    if (typeof length !== 'number' || length >= MAX_TRIED_LENGTH || (place === 'path' && length === 0)) continue;
    const value = stringOfLength(schema, length, random);
    if (value !== undefined) changes.push({ slug, phrase: `at its ${keyword} ${length}`, value });
  }
  return changes;
}

function stringOfLength(schema: JsonSchema, length: number, random: SeededRandom): string | undefined {
  if (typeof schema.pattern === 'string') return patternString(schema.pattern, random, length, length);
  return FREE_TEXT_FORMATS.has(schema.format as string | undefined) ? random.letters(length) : undefined;
}

function countEdges(schema: JsonSchema, current: unknown[], item: (index: number) => unknown): ValueChange[] {
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const changes: ValueChange[] = [];
  if (minItems === 0) changes.push({ slug: 'empty', phrase: 'as an empty array', value: [] });
  else if (minItems < MAX_TRIED_ITEMS)
    changes.push({ slug: 'min-items', phrase: `with exactly its minItems ${minItems} items`, value: items(minItems, current, item) });
  if (typeof schema.maxItems === 'number' && schema.maxItems > minItems && schema.maxItems <= MAX_TRIED_ITEMS) {
    changes.push({ slug: 'max-items', phrase: `with exactly its maxItems ${schema.maxItems} items`, value: items(schema.maxItems, current, item) });
  }
  return changes;
}

function items(count: number, current: unknown[], item: (index: number) => unknown): unknown[] {
  return Array.from({ length: count }, (_, index) => (index < current.length ? current[index] : item(index)));
}
