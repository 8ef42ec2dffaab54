import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../../src/engines/spec/spec-format.js';
import { SchemaArbitraries } from '../../../../src/engines/testing/fuzz/schema-arbitraries.js';
import { SpecSchemaValidator } from '../../../../src/engines/testing/spec-schema/spec-schema-validator.js';
import { specOf } from '../checks/spec-fixture.js';

const RUNS = 300;
const NOT_ASCII = /[^\x00-\x7f]/;
/** No lone surrogate: read with the `u` flag, a pair is one code point and only a half is `Cs`. */
const wellFormed = (text: string) => !/\p{Cs}/u.test(text);

/** A recursive tree, its children a `#/schemas/` ref, as ingest leaves a schema that refers to itself. */
const SCHEMAS: Record<string, JsonSchema> = {
  Tree: {
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string', maxLength: 8 }, children: { type: 'array', maxItems: 2, items: { $ref: '#/schemas/Tree' } } },
  },
};
const spec = specOf([], SCHEMAS);
const json = new SchemaArbitraries(spec, 'json');
const text = new SchemaArbitraries(spec, 'text');
let validator: SpecSchemaValidator;
beforeAll(async () => {
  validator = await SpecSchemaValidator.load(SCHEMAS);
});

const sample = (arbitrary: fc.Arbitrary<unknown>, seed = 1) => fc.sample(arbitrary, { seed, numRuns: RUNS });
const invalidOnes = (schema: JsonSchema, values: unknown[]) => values.filter((value) => validator.isValid(schema, value) !== false);
const validOnes = (schema: JsonSchema, values: unknown[]) => values.filter((value) => validator.isValid(schema, value) !== true);

/** Schemas whose every keyword the arbitraries know: their valid values must all be valid, their invalid ones all invalid. */
const SCHEMAS_BY_KEYWORD: Record<string, JsonSchema> = {
  'string lengths': { type: 'string', minLength: 2, maxLength: 5 },
  'string without bounds': { type: 'string' },
  'long string bound': { type: 'string', maxLength: 500 },
  pattern: { type: 'string', pattern: '^[a-z]{2,4}-[0-9]{1,3}$' },
  enum: { type: 'string', enum: ['low', 'normal', 'high'] },
  'number enum': { type: 'integer', enum: [1, 2, 3] },
  const: { const: 'fixed' },
  'integer range': { type: 'integer', minimum: 1, maximum: 100 },
  'integer without bounds': { type: 'integer' },
  int32: { type: 'integer', format: 'int32' },
  'integer multipleOf': { type: 'integer', minimum: 0, maximum: 1000, multipleOf: 5 },
  'exclusive number range': { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: true },
  'number without bounds': { type: 'number' },
  boolean: { type: 'boolean' },
  nullable: { type: 'string', nullable: true, maxLength: 3 },
  array: { type: 'array', minItems: 1, maxItems: 3, items: { type: 'integer', minimum: 0 } },
  'unique items': { type: 'array', uniqueItems: true, maxItems: 4, items: { type: 'string', enum: ['a', 'b', 'c', 'd', 'e'] } },
  object: {
    type: 'object',
    required: ['name', 'price'],
    additionalProperties: false,
    properties: { name: { type: 'string', minLength: 1, maxLength: 20 }, price: { type: 'number', minimum: 0 }, status: { type: 'string', enum: ['a', 'b'] } },
  },
  'nested objects': {
    type: 'object',
    required: ['owner'],
    properties: {
      owner: {
        type: 'object',
        required: ['address'],
        properties: { address: { type: 'object', required: ['zip'], properties: { zip: { type: 'string', pattern: '^[0-9]{5}$' } } } },
      },
    },
  },
  'recursive ref': { $ref: '#/schemas/Tree' },
  'read-only id': { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } } },
  map: { type: 'object', additionalProperties: { type: 'integer', maximum: 9 } },
  oneOf: {
    oneOf: [
      { type: 'integer', minimum: 10 },
      { type: 'string', maxLength: 2 },
    ],
  },
};

const FORMATS = ['date', 'date-time', 'time', 'email', 'uuid', 'uri', 'hostname', 'ipv4', 'ipv6', 'byte'];

describe('valid values: the schema, at every level', () => {
  for (const [name, schema] of Object.entries(SCHEMAS_BY_KEYWORD)) {
    it(`${name}: every value is valid, in JSON and as text`, () => {
      expect(validOnes(schema, sample(json.valid(schema)))).toEqual([]);
      if (!['object', 'nested objects', 'recursive ref', 'read-only id', 'map', 'oneOf'].includes(name))
        expect(validOnes(schema, sample(text.valid(schema)))).toEqual([]);
    });
  }

  for (const format of FORMATS) {
    it(`format ${format}: every value is one`, () => {
      const schema = { type: 'string', format };
      expect(validOnes(schema, sample(json.valid(schema)))).toEqual([]);
    });
  }

  it('leaves optional properties out now and then, never the required ones, and never readOnly ones', () => {
    const values = sample(json.valid(SCHEMAS_BY_KEYWORD.object!)) as Array<Record<string, unknown>>;
    expect(values.every((value) => 'name' in value && 'price' in value)).toBe(true);
    expect(values.some((value) => 'status' in value)).toBe(true);
    expect(values.some((value) => !('status' in value))).toBe(true);
    expect((sample(json.valid(SCHEMAS_BY_KEYWORD['read-only id']!)) as object[]).some((value) => 'id' in value)).toBe(false);
  });

  it('draws Unicode into strings: special characters, combining marks, emoji, and in JSON lone surrogates', () => {
    const strings = sample(json.valid({ type: 'string' }), 3) as string[];
    expect(strings.filter((value) => NOT_ASCII.test(value)).length).toBeGreaterThan(RUNS / 4);
    expect(strings.some((value) => /\p{M}/u.test(value))).toBe(true);
    expect(strings.some((value) => /\p{Extended_Pictographic}/u.test(value))).toBe(true);
    expect(strings.some((value) => /[\u200e\u200f\u202e]/.test(value))).toBe(true);
    expect(strings.some((value) => value.includes('\u0000'))).toBe(true);
    expect(strings.some((value) => !wellFormed(value))).toBe(true);
    expect(strings.some((value) => value !== '' && !NOT_ASCII.test(value))).toBe(true);
  });

  it('never puts a lone surrogate in text, which UTF-8 cannot carry', () => {
    const strings = fc.sample(text.valid({ type: 'string' }), { seed: 3, numRuns: 1000 }) as string[];
    expect(strings.filter((value) => !wellFormed(value))).toEqual([]);
  });

  it('draws long strings where no maxLength stops them: 10,000 characters in JSON, 1,000 as text', () => {
    const lengths = (arbitrary: fc.Arbitrary<unknown>) => (fc.sample(arbitrary, { seed: 5, numRuns: 1000 }) as string[]).map((value) => [...value].length);
    expect(Math.max(...lengths(json.valid({ type: 'string' })))).toBeGreaterThanOrEqual(10_000);
    expect(Math.max(...lengths(text.valid({ type: 'string' })))).toBeLessThanOrEqual(1_000 + 4 * 8);
    expect(Math.max(...lengths(json.valid({ type: 'string', maxLength: 500 })))).toBe(500);
  });

  it('draws numbers at the edges: past 2^53, 2^31, 1e308, negative zero', () => {
    const integers = fc.sample(json.valid({ type: 'integer' }), { seed: 2, numRuns: 1000 }) as number[];
    expect(integers).toContain(2 ** 53 + 2);
    expect(integers).toContain(2 ** 31);
    const numbers = fc.sample(json.valid({ type: 'number' }), { seed: 2, numRuns: 1000 }) as number[];
    expect(numbers).toContain(1e308);
    expect(numbers.some((value) => Object.is(value, -0))).toBe(true);
  });

  it('builds a recursive schema to a finite depth', () => {
    const depth = (tree: { children?: unknown[] }): number =>
      1 + Math.max(0, ...(tree.children ?? []).map((child) => depth(child as { children?: unknown[] })));
    const trees = sample(json.valid({ $ref: '#/schemas/Tree' })) as Array<{ children?: unknown[] }>;
    expect(Math.max(...trees.map(depth))).toBeGreaterThan(2);
    expect(Math.max(...trees.map(depth))).toBeLessThanOrEqual(8);
  });
});

describe('invalid values: just outside the schema', () => {
  for (const [name, schema] of Object.entries(SCHEMAS_BY_KEYWORD)) {
    if (name === 'oneOf') continue;
    it(`${name}: every value is invalid`, () => {
      const arbitrary = json.invalid(schema);
      expect(arbitrary).toBeDefined();
      expect(invalidOnes(schema, sample(arbitrary!))).toEqual([]);
    });
  }

  for (const format of FORMATS) {
    it(`format ${format}: has a value that is no ${format}`, () => {
      const schema = { type: 'string', format };
      expect(invalidOnes(schema, sample(json.invalid(schema)!))).toEqual([]);
    });
  }

  it('breaks each rule, the nearest way out among them', () => {
    const strings = sample(json.invalid({ type: 'string', minLength: 2, maxLength: 5 })!) as unknown[];
    expect(strings).toContain(12345);
    expect(strings.some((value) => typeof value === 'string' && value.length < 2)).toBe(true);
    expect(strings.some((value) => typeof value === 'string' && value.length > 1000)).toBe(true);
    const integers = sample(json.invalid({ type: 'integer', minimum: 1, maximum: 100 })!) as unknown[];
    expect(integers).toEqual(expect.arrayContaining([1e308, -1e308, 'NaN', 'Infinity']));
    expect(integers.some((value) => typeof value === 'number' && !Number.isInteger(value))).toBe(true);
    const objects = sample(json.invalid(SCHEMAS_BY_KEYWORD.object!)!) as unknown[];
    expect(objects).toContainEqual({});
    expect(objects.some((value) => typeof value === 'object' && value !== null && 'unexpected_field' in value)).toBe(true);
    expect(objects.some((value) => typeof value === 'object' && value !== null && 'price' in value && !('name' in value))).toBe(true);
    expect(sample(json.invalid({ type: 'string', enum: ['a'] })!)).toContain('not-in-enum');
    expect(sample(json.invalid({ type: 'array', maxItems: 2, items: { type: 'integer' } })!).some((value) => Array.isArray(value) && value.length === 3)).toBe(
      true,
    );
  });

  it('shrinks to the first value out: one character past maxLength, one past the maximum', () => {
    const tooLong = fc.check(
      fc.property(json.invalid({ type: 'string', maxLength: 5 })!, (value) => typeof value !== 'string' || value.length <= 5),
      { seed: 1 },
    );
    expect(tooLong.counterexample).toEqual([' '.repeat(6)]);
    const tooBig = fc.check(
      fc.property(json.invalid({ type: 'integer', maximum: 100 })!, (value) => typeof value !== 'number' || value <= 100),
      { seed: 1 },
    );
    expect(tooBig.counterexample).toEqual([101]);
    const tooLongWithoutBound = fc.check(
      fc.property(json.valid({ type: 'string' }), (value) => (value as string).length <= 300),
      { seed: 1 },
    );
    expect((tooLongWithoutBound.counterexample![0] as string).length).toBe(301);
  });

  it('as text, gives words where numbers and booleans belong, and nothing for a plain string', () => {
    expect(sample(text.invalid({ type: 'integer' })!)).toEqual(expect.arrayContaining(['NaN', 'Infinity', 'abc']));
    expect(sample(text.invalid({ type: 'boolean' })!)).toEqual(expect.arrayContaining(['maybe']));
    expect(text.invalid({ type: 'string' })).toBeUndefined();
    expect(json.invalid({})).toBeUndefined();
  });
});

describe('fuzz values: mostly valid, just outside at any level', () => {
  it('mixes valid and invalid values, and hides an invalid field inside an otherwise valid object', () => {
    const schema = SCHEMAS_BY_KEYWORD['nested objects']!;
    const values = sample(json.fuzz(schema), 4);
    const valid = values.filter((value) => validator.isValid(schema, value) === true).length;
    expect(valid).toBeGreaterThan(RUNS / 3);
    expect(valid).toBeLessThan(RUNS);
    const deepInvalid = values.filter((value) => {
      const zip = (value as { owner?: { address?: { zip?: unknown } } } | null)?.owner?.address?.zip;
      return zip !== undefined && validator.isValid({ type: 'string', pattern: '^[0-9]{5}$' }, zip) === false;
    });
    expect(deepInvalid.length).toBeGreaterThan(0);
  });

  it('draws the same values from the same seed', () => {
    const schema = SCHEMAS_BY_KEYWORD.object!;
    expect(fc.sample(json.fuzz(schema), { seed: 9, numRuns: 50 })).toEqual(
      fc.sample(new SchemaArbitraries(spec, 'json').fuzz(schema), { seed: 9, numRuns: 50 }),
    );
  });
});
