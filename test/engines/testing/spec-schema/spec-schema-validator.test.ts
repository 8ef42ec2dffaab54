import { beforeAll, describe, expect, it } from 'vitest';
import { toExactJson } from '../../../../src/engines/assertions/exact-json.js';
import type { JsonSchema } from '../../../../src/engines/spec/spec-format.js';
import type { SchemaDirection } from '../../../../src/engines/testing/spec-schema/spec-json-schema.js';
import { SpecSchemaValidator } from '../../../../src/engines/testing/spec-schema/spec-schema-validator.js';

const SPEC_SCHEMAS: Record<string, JsonSchema> = {
  Node: {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string' },
      parent: { $ref: '#/schemas/Node', nullable: true },
      children: { type: 'array', items: { $ref: '#/schemas/Node' } },
    },
  },
};

let validator: SpecSchemaValidator;
beforeAll(async () => {
  validator = await SpecSchemaValidator.load(SPEC_SCHEMAS);
});

function violations(schema: JsonSchema, value: unknown, direction?: SchemaDirection): string[] {
  return validator.violations(schema, { plain: value, exact: toExactJson(value) }, direction);
}

describe('SpecSchemaValidator', () => {
  it('reads OpenAPI 3.0 nullable, on plain types, enums and composed schemas', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        nickname: { type: 'string', nullable: true },
        status: { type: 'string', enum: ['new', 'sold'], nullable: true },
        owner: { nullable: true, allOf: [{ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }] },
        name: { type: 'string' },
      },
    };
    expect(violations(schema, { nickname: null, status: null, owner: null, name: 'Rex' })).toEqual([]);
    expect(violations(schema, { nickname: 3, status: 'lost', owner: { id: 'x' }, name: null })).toEqual([
      '$.nickname: must be string,null, got 3',
      '$.status: must be equal to one of the allowed values "new", "sold", null, got "lost"',
      '$.owner.id: must be integer, got "x"',
      '$.owner: must be null, got an object',
      '$.owner: must match a schema in anyOf',
      '$.name: must be string, got null',
    ]);
    expect(validator.isValid({ type: 'string', nullable: true }, null)).toBe(true);
    expect(validator.isValid({ type: 'string' }, null)).toBe(false);
  });

  it('reads OpenAPI 3.1 type arrays', () => {
    const schema: JsonSchema = { type: 'object', properties: { tag: { type: ['string', 'null'] } } };
    expect(violations(schema, { tag: null })).toEqual([]);
    expect(violations(schema, { tag: 'a' })).toEqual([]);
    expect(violations(schema, { tag: 1 })).toEqual(['$.tag: must be string,null, got 1']);
  });

  it('reads Swagger 2 schemas: x-nullable, boolean exclusiveMinimum, type file', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        weight: { type: 'number', minimum: 0, exclusiveMinimum: true },
        age: { type: 'integer', maximum: 30, exclusiveMaximum: false },
        note: { type: 'string', 'x-nullable': true },
        photo: { type: 'file' },
      },
    };
    expect(violations(schema, { weight: 0.5, age: 30, note: null, photo: 'bytes' })).toEqual([]);
    expect(violations(schema, { weight: 0, age: 31, note: 5, photo: 12 })).toEqual([
      '$.weight: must be > 0, got 0',
      '$.age: must be <= 30, got 31',
      '$.note: must be string,null, got 5',
    ]);
  });

  it('knows the OpenAPI formats: int32 is range-checked, byte must be base64, the others are not errors; unknown formats are ignored', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        small: { type: 'integer', format: 'int32' },
        big: { type: 'integer', format: 'int64' },
        ratio: { type: 'number', format: 'float' },
        precise: { type: 'number', format: 'double' },
        data: { type: 'string', format: 'byte' },
        file: { type: 'string', format: 'binary' },
        secret: { type: 'string', format: 'password' },
        phone: { type: 'string', format: 'phone-number' },
        when: { type: 'string', format: 'date-time' },
      },
    };
    const valid = {
      small: 7,
      big: 9007199254740991,
      ratio: 1.5,
      precise: 2.25,
      data: 'aGVsbG8=',
      file: '\u0001raw',
      secret: 'hunter2',
      phone: 'call me',
      when: '2024-05-01T10:00:00Z',
    };
    expect(violations(schema, valid)).toEqual([]);
    expect(violations(schema, { ...valid, small: 2 ** 31, data: 'not base64!', when: 'yesterday' })).toEqual([
      '$.small: must match format "int32", got 2147483648',
      '$.data: must match format "byte", got "not base64!"',
      '$.when: must match format "date-time", got "yesterday"',
    ]);
  });

  it("follows $ref to the spec's recursive schemas", () => {
    const schema: JsonSchema = { $ref: '#/schemas/Node' };
    expect(violations(schema, { name: 'root', parent: null, children: [{ name: 'a', children: [{ name: 'b', children: [] }] }] })).toEqual([]);
    expect(violations(schema, { name: 'root', children: [{ name: 'a', children: [{ name: 5 }, {}] }] })).toEqual([
      '$.children[0].children[0].name: must be string, got 5',
      "$.children[0].children[1]: must have required property 'name'",
    ]);
    expect(validator.isValid(schema, { name: 'x', parent: { name: 'y', parent: null } }, 'request')).toBe(true);
  });

  it('requires writeOnly properties only in a request and readOnly ones only in a response', () => {
    const schema: JsonSchema = {
      type: 'object',
      required: ['id', 'name', 'password'],
      properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, password: { type: 'string', writeOnly: true } },
    };
    expect(violations(schema, { id: 1, name: 'ada' })).toEqual([]);
    expect(violations(schema, { id: 1 })).toEqual(["$: must have required property 'name'"]);
    expect(violations(schema, { name: 'ada', password: 'x' })).toEqual(["$: must have required property 'id'"]);
    expect(validator.isValid(schema, { name: 'ada', password: 'x' })).toBe(true);
    expect(validator.isValid(schema, { id: 1, name: 'ada' })).toBe(false);
    expect(validator.isValid(schema, { id: 1, name: 'ada' }, 'response')).toBe(true);
  });

  it('accepts a value that fits several branches of a oneOf with a discriminator, but not of a plain oneOf', () => {
    const branches = [
      { type: 'object', required: ['kind'], properties: { kind: { type: 'string' }, purrs: { type: 'boolean' } } },
      { type: 'object', required: ['kind'], properties: { kind: { type: 'string' }, barks: { type: 'boolean' } } },
    ];
    expect(violations({ oneOf: branches, discriminator: { propertyName: 'kind' } }, { kind: 'cat' })).toEqual([]);
    expect(violations({ oneOf: branches, discriminator: { propertyName: 'kind' } }, { purrs: true })).not.toEqual([]);
    expect(violations({ oneOf: branches }, { kind: 'cat' })).toEqual(['$: must match exactly one schema in oneOf']);
  });

  it('reads a pattern that is no Unicode regex as written', () => {
    const schema: JsonSchema = { type: 'string', pattern: '^a{b$' };
    expect(validator.isValid(schema, 'a{b')).toBe(true);
    expect(violations(schema, 'ab')).toEqual(['$: must match pattern "^a{b$", got "ab"']);
  });

  it('says a schema cannot be used: undefined from isValid, a JsonSchemaError from violations', () => {
    expect(validator.isValid({ $ref: '#/schemas/Missing' }, 1)).toBeUndefined();
    expect(() => violations({ type: 'int' }, 1)).toThrow(/^schema is invalid: data\/type must be equal to one of the allowed values/);
    expect(() => violations({ type: 'int' }, 1)).toThrow(expect.objectContaining({ name: 'JsonSchemaError' }));
  });

  it("keeps each spec's schemas to its own validator, a schema of the same name in another spec included", async () => {
    const other = await SpecSchemaValidator.load({ Node: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } });
    const node: JsonSchema = { $ref: '#/schemas/Node' };
    expect(other.violations(node, { plain: { name: 'x' }, exact: toExactJson({ name: 'x' }) })).toEqual(["$: must have required property 'id'"]);
    expect(violations(node, { name: 'x' })).toEqual([]);
    expect(violations(node, { id: 1 })).toEqual(["$: must have required property 'name'"]);
    expect(other.isValid(node, { id: 1 })).toBe(true);
  });
});
