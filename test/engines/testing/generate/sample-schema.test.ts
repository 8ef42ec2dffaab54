import { describe, expect, it } from 'vitest';
import { toExactJson } from '../../../../src/engines/assertions/exact-json.js';
import { validateJsonSchema } from '../../../../src/engines/assertions/json-schema.js';
import { SPEC_FORMAT, type FalconSpec, type JsonSchema } from '../../../../src/engines/spec/spec-format.js';
import { SchemaSampler, sampleFromSchema } from '../../../../src/engines/testing/generate/sample-schema.js';
import { SeededRandom } from '../../../../src/engines/testing/generate/seeded-random.js';
import { SpecSchemaValidator } from '../../../../src/engines/testing/spec-schema/spec-schema-validator.js';

const spec: FalconSpec = {
  format: SPEC_FORMAT,
  source: 'inline',
  kind: 'openapi',
  specVersion: '3.0.3',
  ingestedAt: '2026-01-01T00:00:00.000Z',
  title: 'Inline',
  version: '1',
  servers: [],
  securitySchemes: {},
  schemas: {
    Node: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/schemas/Node' } }, next: { $ref: '#/schemas/Node' } },
    },
  },
  operations: [],
};

/** Checked by the assertions' own ajv (a plain JSON Schema 2020-12 validator), independent of generation. */
async function violations(schema: JsonSchema, value: unknown): Promise<string[]> {
  return (await validateJsonSchema(schema, { plain: value, exact: toExactJson(value) })).violations;
}

describe('sampleFromSchema', () => {
  it('takes the example first: example, examples, default, const, enum', () => {
    expect(sampleFromSchema({ type: 'string', example: 'from-example', default: 'd' }, spec)).toBe('from-example');
    expect(sampleFromSchema({ type: 'integer', examples: [7, 8] }, spec)).toBe(7);
    expect(sampleFromSchema({ type: 'string', default: 'fallback' }, spec)).toBe('fallback');
    expect(sampleFromSchema({ const: 'fixed' }, spec)).toBe('fixed');
    expect(sampleFromSchema({ type: 'string', enum: ['first', 'second'] }, spec)).toBe('first');
    expect(
      sampleFromSchema(
        { type: 'object', properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } }, example: { id: 1, name: 'Rex' } },
        spec,
      ),
    ).toEqual({ name: 'Rex' });
  });

  it('is the same for a seed and differs between seeds', () => {
    const schema = { type: 'object', properties: { name: { type: 'string' }, count: { type: 'integer' }, when: { type: 'string', format: 'date-time' } } };
    expect(sampleFromSchema(schema, spec, 5)).toEqual(sampleFromSchema(schema, spec, 5));
    expect(sampleFromSchema(schema, spec, 5)).not.toEqual(sampleFromSchema(schema, spec, 6));
  });

  it('makes values valid for every format it knows', async () => {
    const formats = [
      'date',
      'date-time',
      'time',
      'duration',
      'email',
      'hostname',
      'ipv4',
      'ipv6',
      'uri',
      'url',
      'uri-reference',
      'uri-template',
      'uuid',
      'byte',
      'password',
      'binary',
      'regex',
      'json-pointer',
      'relative-json-pointer',
      'x-unknown-format',
    ];
    for (const format of formats) {
      for (const seed of [1, 2, 3]) {
        const schema = { type: 'string', format };
        const value = sampleFromSchema(schema, spec, seed);
        expect(typeof value, format).toBe('string');
        expect(await violations(schema, value), `${format}: ${String(value)}`).toEqual([]);
      }
    }
    for (const format of ['int32', 'int64'])
      expect(await violations({ type: 'integer', format }, sampleFromSchema({ type: 'integer', format }, spec))).toEqual([]);
  });

  it('keeps to bounds, lengths, patterns, item counts and property counts', async () => {
    const schemas: JsonSchema[] = [
      { type: 'integer', minimum: 10, maximum: 12 },
      { type: 'integer', exclusiveMinimum: 4, exclusiveMaximum: 6 },
      { type: 'integer', minimum: -1000, maximum: -990, multipleOf: 3 },
      { type: 'integer', maximum: -5 },
      { type: 'number', minimum: 0.1, maximum: 0.2 },
      { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 0.01 },
      { type: 'number', multipleOf: 0.25, minimum: 1 },
      { type: 'string', minLength: 30 },
      { type: 'string', maxLength: 2 },
      { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' },
      { type: 'string', pattern: '[a-z]+@corp\\.example$', maxLength: 40 },
      { type: 'string', pattern: '^(red|green|blue)$' },
      { type: 'string', format: 'email', minLength: 5, maxLength: 20 },
      { type: 'array', items: { type: 'integer', minimum: 1, maximum: 3 }, minItems: 3, uniqueItems: true },
      { type: 'array', items: { type: 'string' }, maxItems: 0 },
      { type: 'array', prefixItems: [{ type: 'string' }, { type: 'boolean' }], minItems: 2 },
      { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } }, minProperties: 2, maxProperties: 2 },
      { type: 'object', additionalProperties: { type: 'integer', minimum: 5 } },
      { type: 'object', required: ['x'], additionalProperties: false, properties: { x: { type: 'null' } } },
      { type: ['string', 'null'], minLength: 2 },
      { type: ['null', 'integer'] },
      {
        allOf: [
          { type: 'object', required: ['a'], properties: { a: { type: 'integer', minimum: 3 } } },
          { required: ['b'], properties: { a: { maximum: 4 }, b: { type: 'boolean' } } },
        ],
      },
      { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'integer' }] },
      {},
    ];
    for (const schema of schemas) {
      for (const seed of [1, 2, 3, 4]) {
        const value = sampleFromSchema(schema, spec, seed);
        expect(await violations(schema, value), `${JSON.stringify(schema)} → ${JSON.stringify(value)}`).toEqual([]);
      }
    }
    expect(sampleFromSchema({ type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' }, spec, 9)).toBe(
      sampleFromSchema({ type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' }, spec, 9),
    );
  });

  it('fills required properties first, optional ones too, and leaves out readOnly ones', () => {
    const value = sampleFromSchema(
      { type: 'object', required: ['b'], properties: { a: { type: 'string' }, b: { type: 'string' }, id: { type: 'integer', readOnly: true } } },
      spec,
    );
    expect(Object.keys(value as object)).toEqual(['b', 'a']);
  });

  it('for a response, keeps readOnly properties and leaves out writeOnly ones', () => {
    const schema = {
      type: 'object',
      properties: { id: { type: 'integer', readOnly: true }, password: { type: 'string', writeOnly: true }, name: { type: 'string' } },
    };
    const sampler = new SchemaSampler(spec, new SeededRandom(1), { examples: true, optional: true, variant: 0, direction: 'response' });
    expect(Object.keys(sampler.sample(schema) as object)).toEqual(['id', 'name']);
  });

  it('reads OpenAPI 3.0: nullable picks a value, boolean exclusive bounds, Swagger file', async () => {
    const validator = await SpecSchemaValidator.load(spec.schemas);
    const schemas: JsonSchema[] = [
      { type: 'string', nullable: true, maxLength: 4 },
      { nullable: true, allOf: [{ type: 'object', required: ['n'], properties: { n: { type: 'number' } } }] },
      { type: 'integer', minimum: 1, maximum: 3, exclusiveMinimum: true, exclusiveMaximum: true },
      { type: 'file' },
    ];
    for (const schema of schemas) {
      const value = sampleFromSchema(schema, spec);
      expect(value, JSON.stringify(schema)).not.toBeNull();
      expect(validator.isValid(schema, value), JSON.stringify(schema)).toBe(true);
    }
    expect(sampleFromSchema({ type: 'integer', minimum: 1, maximum: 3, exclusiveMinimum: true, exclusiveMaximum: true }, spec)).toBe(2);
  });

  it('expands a self-referencing schema a bounded number of times', async () => {
    const validator = await SpecSchemaValidator.load(spec.schemas);
    const value = sampleFromSchema({ $ref: '#/schemas/Node' }, spec);
    expect(value).toMatchObject({ name: expect.any(String), next: { name: expect.any(String), next: { name: expect.any(String) } } });
    expect(JSON.stringify(value).length).toBeLessThan(1000);
    expect(validator.isValid({ $ref: '#/schemas/Node' }, value)).toBe(true);
  });
});
