import { asObject } from '../../spec/json-values.js';
import type { JsonSchema } from '../../spec/spec-format.js';
import { malformedFormat } from './malformed-formats.js';
import { mismatchingString } from './pattern-string.js';
import { schemaTypes } from './schema-shape.js';
import { MAX_TRIED_ITEMS, type ValueChange, type ValuePlace } from './value-change.js';

const NOT_A: Record<string, string> = {
  integer: 'not-a-number',
  number: 'not-a-number',
  boolean: 'not-a-boolean',
  array: 'not-an-array',
  object: 'not-an-object',
};
const TEXT_TYPES = new Set(['integer', 'number', 'boolean', 'null']);

/**
 * Values the schema should refuse, malformed by construction, each breaking one rule: type, format,
 * minLength, item count, enum, const, pattern. (Values just outside a range or one past maxLength
 * are near misses: near-miss-values.ts.) Callers still check each against the schema and drop those
 * that turn out valid (a malformed format ajv does not check excepted: see malformedFormat).
 */
export function invalidValues(schema: JsonSchema, current: unknown, place: ValuePlace): ValueChange[] {
  const types = schemaTypes(schema);
  const changes: ValueChange[] = [];
  const wrongType = wrongTypeChange(schema, types, place);
  if (wrongType) changes.push(wrongType);
  const malformed = malformedFormat(schema, types);
  if (malformed) changes.push(malformed);
  if (types.includes('string')) changes.push(...tooShort(schema, typeof current === 'string' ? current : '', place));
  if (types.includes('array') && Array.isArray(current)) changes.push(...badCount(schema, current));
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    changes.push({ slug: 'bad-enum', phrase: 'not one of its enum values', value: outsideEnum(schema.enum) });
  if ('const' in schema) changes.push({ slug: 'bad-const', phrase: `not its constant ${JSON.stringify(schema.const)}`, value: outsideEnum([schema.const]) });
  if (typeof schema.pattern === 'string' && types.includes('string')) {
    const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
    const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
    const mismatch = mismatchingString(schema.pattern, minLength, maxLength);
    if (mismatch !== undefined) changes.push({ slug: 'pattern-mismatch', phrase: `not matching its pattern ${schema.pattern}`, value: mismatch });
  }
  return changes;
}

/**
 * One value of another type. On the wire (path, query, header) all is text: a word where a number
 * or boolean belongs, or a word as an item of a list of them; a string there has no other wrong type.
 * (A query parameter repeated where one value belongs is not sent: most frameworks take one of the
 * values, which the spec does not forbid, so a finding would cry wolf.)
 */
function wrongTypeChange(schema: JsonSchema, types: string[], place: ValuePlace): ValueChange | undefined {
  const item = place !== 'json' && types.includes('array') ? wrongTextItem(schema) : undefined;
  if (item) return { slug: 'wrong-type', phrase: `with an item of the wrong type (${typeWord(item.value)} instead of ${item.type})`, value: [item.value] };
  const value = wrongTypeValue(types, place);
  if (value === undefined) return undefined;
  return { slug: 'wrong-type', phrase: `of the wrong type (${typeWord(value)} instead of ${types.filter((type) => type !== 'null').join(' or ')})`, value };
}

function wrongTypeValue(types: string[], place: ValuePlace): unknown {
  if (types.length === 0) return undefined;
  const main = types.find((type) => type !== 'null');
  if (place !== 'json') {
    return main && types.every((type) => TEXT_TYPES.has(type)) ? NOT_A[main] : undefined;
  }
  if (main && !types.includes('string')) return NOT_A[main];
  if (!types.includes('integer') && !types.includes('number')) return 12345;
  if (!types.includes('boolean')) return true;
  if (!types.includes('object')) return {};
  return undefined;
}

/** A word as the item of a list of numbers or booleans whose items are declared in place (not by a ref). */
function wrongTextItem(schema: JsonSchema): { value: string; type: string } | undefined {
  const items = asObject(schema.items);
  const types = items ? schemaTypes(items) : [];
  const main = types.find((type) => type !== 'null');
  return main && types.every((type) => TEXT_TYPES.has(type)) ? { value: NOT_A[main]!, type: main } : undefined;
}

function tooShort(schema: JsonSchema, current: string, place: ValuePlace): ValueChange[] {
  if (typeof schema.minLength !== 'number' || schema.minLength <= 0 || (place === 'path' && schema.minLength === 1)) return [];
  const value = current.length >= schema.minLength - 1 ? current.slice(0, schema.minLength - 1) : 'a'.repeat(schema.minLength - 1);
  return [{ slug: 'too-short', phrase: `shorter than its minLength ${schema.minLength}`, value }];
}

function badCount(schema: JsonSchema, current: unknown[]): ValueChange[] {
  const changes: ValueChange[] = [];
  if (typeof schema.minItems === 'number' && schema.minItems > 0 && current.length >= schema.minItems - 1) {
    changes.push({ slug: 'too-few-items', phrase: `with fewer items than its minItems ${schema.minItems}`, value: current.slice(0, schema.minItems - 1) });
  }
  if (typeof schema.maxItems === 'number' && schema.maxItems < MAX_TRIED_ITEMS && current.length > 0) {
    const value = Array.from({ length: schema.maxItems + 1 }, (_, index) => current[index % current.length]);
    changes.push({ slug: 'too-many-items', phrase: `with more items than its maxItems ${schema.maxItems}`, value });
  }
  return changes;
}

function outsideEnum(values: unknown[]): unknown {
  if (values.every((value) => typeof value === 'number')) return Math.max(...(values as number[])) + 1;
  if (values.length === 1 && typeof values[0] === 'boolean') return !values[0];
  let candidate = 'not-in-enum';
  while (values.includes(candidate)) candidate += '-x';
  return candidate;
}

function typeWord(value: unknown): string {
  if (Array.isArray(value)) return `an array ${JSON.stringify(value)}`;
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return `${typeof value === 'string' ? 'a string' : typeof value === 'number' ? 'a number' : 'a boolean'} ${JSON.stringify(value)}`;
}
