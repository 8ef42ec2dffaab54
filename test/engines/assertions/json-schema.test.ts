import { describe, expect, it } from 'vitest';
import { parseJsonDocument } from '../../../src/engines/assertions/exact-json.js';
import { JsonSchemaError, schemaDraft, validateJsonSchema } from '../../../src/engines/assertions/json-schema.js';

const validate = (schema: Record<string, unknown>, json: string) => validateJsonSchema(schema, parseJsonDocument(json));

const itemsSchema = {
  type: 'object',
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'price'],
        additionalProperties: false,
        properties: { id: { type: 'integer' }, price: { type: 'number', minimum: 0 }, status: { enum: ['new', 'sold'] } },
      },
    },
  },
};

describe('validateJsonSchema', () => {
  it('lists every error as a JSON path with what was expected and what was there', async () => {
    const body = '{"items": [{"id": 1, "price": 2}, {"id": 2.5, "price": -1}, {"id": 3, "price": "12", "status": "lost", "color": "red"}, {}]}';
    const result = await validate(itemsSchema, body);
    expect(result).toEqual({
      draft: '2020-12',
      violations: [
        '$.items[1].id: must be integer, got 2.5',
        '$.items[1].price: must be >= 0, got -1',
        '$.items[2]: must NOT have additional properties: "color"',
        '$.items[2].price: must be number, got "12"',
        '$.items[2].status: must be equal to one of the allowed values "new", "sold", got "lost"',
        "$.items[3]: must have required property 'id'",
        "$.items[3]: must have required property 'price'",
      ],
    });
    expect(await validate(itemsSchema, '{"items": [{"id": 1, "price": 0.5}]}')).toEqual({ draft: '2020-12', violations: [] });
    expect((await validate(itemsSchema, '{"items": {"id": 1}}')).violations).toEqual(['$.items: must be array, got an object']);
    expect((await validate({ type: 'array', minItems: 2 }, '[1]')).violations).toEqual(['$: must NOT have fewer than 2 items, got 1 item']);
  });

  it('checks the formats email, date-time and uuid', async () => {
    const schema = {
      type: 'object',
      properties: { email: { format: 'email' }, at: { format: 'date-time' }, id: { format: 'uuid' } },
    };
    expect(
      (await validate(schema, '{"email": "ada@example.com", "at": "2025-01-02T03:04:05Z", "id": "123e4567-e89b-12d3-a456-426614174000"}')).violations,
    ).toEqual([]);
    expect((await validate(schema, '{"email": "ada-at-example", "at": "yesterday", "id": "42"}')).violations).toEqual([
      '$.email: must match format "email", got "ada-at-example"',
      '$.at: must match format "date-time", got "yesterday"',
      '$.id: must match format "uuid", got "42"',
    ]);
  });

  it('picks draft-07 by $schema: tuple items and definitions', async () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: { name: { type: 'string' } },
      type: 'array',
      items: [{ $ref: '#/definitions/name' }, { type: 'integer' }],
    };
    expect(await validate(schema, '["Ada", 36]')).toEqual({ draft: '07', violations: [] });
    expect((await validate(schema, '[36, "Ada"]')).violations).toEqual(['$[0]: must be string, got 36', '$[1]: must be integer, got "Ada"']);
  });

  it('picks 2019-09 by $schema: dependentRequired and unevaluatedProperties', async () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      type: 'object',
      properties: { card: { type: 'string' }, cvv: { type: 'string' } },
      dependentRequired: { card: ['cvv'] },
      unevaluatedProperties: false,
    };
    expect(await validate(schema, '{"card": "4111", "cvv": "123"}')).toEqual({ draft: '2019-09', violations: [] });
    expect((await validate(schema, '{"card": "4111", "extra": 1}')).violations).toEqual([
      '$: must have property cvv when property card is present',
      '$: must NOT have unevaluated properties: "extra"',
    ]);
  });

  it('uses 2020-12 when $schema says so or says nothing: prefixItems applies', async () => {
    const schema = { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] };
    expect((await validate({ ...schema, $schema: 'https://json-schema.org/draft/2020-12/schema' }, '["Ada", "x"]')).violations).toEqual([
      '$[1]: must be integer, got "x"',
    ]);
    expect((await validate(schema, '["Ada", "x"]')).draft).toBe('2020-12');
    // 2019-09 does not know prefixItems, so the same document passes there.
    expect((await validate({ ...schema, $schema: 'https://json-schema.org/draft/2019-09/schema' }, '["Ada", "x"]')).violations).toEqual([]);
  });

  it('refuses unknown drafts, invalid schemas and references it cannot resolve', async () => {
    expect(() => schemaDraft({ $schema: 'http://json-schema.org/draft-04/schema#' })).toThrow(
      /unsupported \$schema .*draft-04.*use draft-07, 2019-09 or 2020-12/,
    );
    await expect(validate({ type: 'strnig' }, '1')).rejects.toThrow(JsonSchemaError);
    await expect(validate({ $ref: 'https://example.com/other.json' }, '1')).rejects.toThrow(/the schema cannot be used: can't resolve reference/);
    // draft-07's array form of items is not valid in 2020-12.
    await expect(validate({ items: [{ type: 'string' }] }, '[]')).rejects.toThrow(/the schema cannot be used/);
  });

  it('checks large numbers without failing on them', async () => {
    expect((await validate({ type: 'object', properties: { id: { type: 'integer', minimum: 0 } } }, '{"id": 12345678901234567890}')).violations).toEqual([]);
    expect((await validate({ properties: { id: { type: 'string' } } }, '{"id": 12345678901234567890}')).violations).toEqual([
      '$.id: must be string, got 12345678901234567890',
    ]);
  });

  it('checks each schema as its own, one after another with the same $id, and again once one could not be used', async () => {
    const id = 'https://api.test/schemas/user.json';
    expect((await validate({ $id: id, type: 'object', required: ['name'] }, '{}')).violations).toEqual(["$: must have required property 'name'"]);
    expect((await validate({ $id: id, type: 'object', required: ['email'] }, '{}')).violations).toEqual(["$: must have required property 'email'"]);
    await expect(validate({ $id: id, type: 'strnig' }, '{}')).rejects.toThrow(JsonSchemaError);
    const schema = { $id: id, type: 'array', maxItems: 1 };
    expect((await validate(schema, '[1, 2]')).violations).toEqual(['$: must NOT have more than 1 items, got 2 items']);
    expect((await validate(schema, '[1]')).violations).toEqual([]);
  });
});
