import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../../src/engines/spec/spec-format.js';
import { specJsonSchema } from '../../../../src/engines/testing/spec-schema/spec-json-schema.js';

const response = (schema: JsonSchema, schemas?: Record<string, JsonSchema>) => specJsonSchema(schema, schemas, 'response');
const request = (schema: JsonSchema, schemas?: Record<string, JsonSchema>) => specJsonSchema(schema, schemas, 'request');

describe('specJsonSchema', () => {
  it('turns nullable and x-nullable into a null type, adding null to an enum, and wraps what a null would fail anyway', () => {
    expect(response({ type: 'string', nullable: true })).toEqual({ type: ['string', 'null'] });
    expect(response({ type: 'string', enum: ['a'], 'x-nullable': true })).toEqual({ type: ['string', 'null'], enum: ['a', null] });
    expect(response({ type: ['integer', 'null'], nullable: true })).toEqual({ type: ['integer', 'null'] });
    expect(response({ type: 'null', nullable: true })).toEqual({ type: 'null' });
    expect(response({ nullable: true, allOf: [{ type: 'object' }] })).toEqual({ anyOf: [{ allOf: [{ type: 'object' }] }, { type: 'null' }] });
    expect(response({ type: 'object', nullable: true, $ref: '#/schemas/Pet' })).toEqual({ anyOf: [{ type: 'object', $ref: '#/$defs/Pet' }, { type: 'null' }] });
    expect(response({ type: 'string', nullable: false })).toEqual({ type: 'string' });
  });

  it('takes the draft 4 forms of exclusive bounds and tuples to 2020-12', () => {
    expect(response({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: false })).toEqual({
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 9,
    });
    expect(response({ type: 'number', exclusiveMinimum: 3 })).toEqual({ type: 'number', exclusiveMinimum: 3 });
    expect(response({ type: 'array', items: [{ type: 'string' }, { type: 'integer', nullable: true }] })).toEqual({
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: ['integer', 'null'] }],
    });
    expect(response({ type: 'array', items: [{ type: 'string' }], additionalItems: false })).toEqual({
      type: 'array',
      prefixItems: [{ type: 'string' }],
      items: false,
    });
    expect(response({ type: 'array', items: { type: 'string', nullable: true } })).toEqual({ type: 'array', items: { type: ['string', 'null'] } });
  });

  it("lets Swagger's type file be anything and drops $id, $schema, $anchor and a boolean required", () => {
    expect(response({ type: 'file', description: 'a photo' })).toEqual({ description: 'a photo' });
    expect(request({ type: ['file', 'null'] })).toEqual({});
    expect(
      response({
        $schema: 'http://json-schema.org/draft-04/schema#',
        $id: 'Pet',
        $anchor: 'pet',
        type: 'object',
        properties: { a: { $id: 'A', type: 'string', required: true } },
      }),
    ).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
    });
  });

  it('requires readOnly properties only in responses and writeOnly ones only in requests, at any depth', () => {
    const schema: JsonSchema = {
      type: 'object',
      required: ['id', 'name', 'password'],
      properties: {
        id: { readOnly: true },
        name: {},
        password: { writeOnly: true },
        owner: { type: 'object', required: ['id'], properties: { id: { readOnly: true } } },
      },
    };
    expect(response(schema)).toMatchObject({ required: ['id', 'name'], properties: { owner: { required: ['id'] } } });
    expect(request(schema)).toMatchObject({ required: ['name', 'password'], properties: { owner: { required: [] } } });
  });

  it('reads a oneOf with a discriminator as anyOf, keeping the allOf it had', () => {
    const schema: JsonSchema = {
      allOf: [{ type: 'object' }],
      oneOf: [{ $ref: '#/schemas/Cat' }, { $ref: '#/schemas/Dog' }],
      discriminator: { propertyName: 'kind' },
    };
    expect(response(schema)).toEqual({
      allOf: [{ type: 'object' }, { anyOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }] }],
      discriminator: { propertyName: 'kind' },
    });
    expect(response({ oneOf: [{ type: 'string' }, { type: 'integer' }] })).toEqual({ oneOf: [{ type: 'string' }, { type: 'integer' }] });
  });

  it('points #/schemas/Name refs into $defs holding the spec schemas reached, directly or through others, converted too', () => {
    const schemas: Record<string, JsonSchema> = {
      Node: {
        type: 'object',
        required: ['secret'],
        properties: { secret: { writeOnly: true }, tag: { $ref: '#/schemas/Tag' }, next: { $ref: '#/schemas/Node' } },
      },
      Tag: { type: 'string', nullable: true },
      'a/b': { type: 'integer' },
      Unused: { type: 'boolean' },
    };
    expect(response({ type: 'array', items: { $ref: '#/schemas/Node' } }, schemas)).toEqual({
      type: 'array',
      items: { $ref: '#/$defs/Node' },
      $defs: {
        Node: { type: 'object', required: [], properties: { secret: { writeOnly: true }, tag: { $ref: '#/$defs/Tag' }, next: { $ref: '#/$defs/Node' } } },
        Tag: { type: ['string', 'null'] },
      },
    });
    expect(request({ $ref: '#/schemas/a~1b' }, schemas)).toEqual({ $ref: '#/$defs/a~1b', $defs: { 'a/b': { type: 'integer' } } });
    expect(request({ $ref: '#/schemas/Missing' }, schemas)).toEqual({ $ref: '#/$defs/Missing' });
    expect(request({ $ref: '#/schemas/Node' })).toEqual({ $ref: '#/$defs/Node' });
  });

  it('leaves the values of keywords that hold no schema as they are', () => {
    const schema: JsonSchema = {
      type: 'object',
      example: { nullable: true, items: [1] },
      enum: [{ type: 'file' }],
      'x-tags': { $id: 'x' },
      properties: { nullable: { type: 'boolean' } },
    };
    expect(response(schema)).toEqual(schema);
  });
});
