import fc from 'fast-check';
import type { FalconSpec, JsonSchema, SecurityRequirement, SpecOperation, SpecParameter, SpecResponse } from '../../../../../src/engines/spec/spec-format.js';

/** Random specs for the properties of `diffSpecs`: every keyword it reads, a self-referencing schema among them. */

const name = fc.constantFrom('id', 'name', 'email', 'tags', 'status', 'next', 'Count');
const leafType = fc.constantFrom('string', 'integer', 'number', 'boolean');
const smallNumber = fc.integer({ min: -5, max: 100 });

const leafKeywords: fc.Arbitrary<JsonSchema> = fc.record(
  {
    type: fc.oneof(leafType, fc.uniqueArray(fc.constantFrom('string', 'integer', 'null'), { minLength: 1, maxLength: 3 })),
    format: fc.constantFrom('uuid', 'email', 'date-time', 'int32', 'int64'),
    enum: fc.uniqueArray(fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.integer({ min: 0, max: 3 }), fc.constant(null)), { minLength: 1, maxLength: 4 }),
    const: fc.constantFrom('x', 1),
    pattern: fc.constantFrom('^a', '^[0-9]+$'),
    default: fc.oneof(fc.constantFrom('a', 'b'), fc.integer({ min: 0, max: 3 })),
    nullable: fc.boolean(),
    maximum: smallNumber,
    minimum: smallNumber,
    exclusiveMaximum: fc.oneof(fc.boolean(), smallNumber),
    exclusiveMinimum: fc.oneof(fc.boolean(), smallNumber),
    maxLength: fc.nat(20),
    minLength: fc.nat(3),
    multipleOf: fc.constantFrom(0.5, 1, 2, 3),
    readOnly: fc.boolean(),
    writeOnly: fc.boolean(),
  },
  { requiredKeys: [] },
);

const schema: fc.Arbitrary<JsonSchema> = fc.letrec<{ schema: JsonSchema }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafKeywords,
    fc.constant({ $ref: '#/schemas/Node' }),
    fc.record(
      {
        type: fc.constant('object'),
        properties: fc.dictionary(name, tie('schema'), { maxKeys: 4 }),
        required: fc.uniqueArray(name, { maxLength: 3 }),
        additionalProperties: fc.oneof(fc.boolean(), tie('schema')),
        maxProperties: fc.nat(6),
        minProperties: fc.nat(2),
      },
      { requiredKeys: ['type', 'properties'] },
    ),
    fc.record(
      { type: fc.constant('array'), items: tie('schema'), maxItems: fc.nat(5), minItems: fc.nat(2), uniqueItems: fc.boolean() },
      { requiredKeys: ['type', 'items'] },
    ),
    fc.record({ oneOf: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ anyOf: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ allOf: fc.array(tie('schema'), { minLength: 1, maxLength: 2 }) }),
  ),
})).schema;

const parameter: fc.Arbitrary<SpecParameter> = fc.record({
  name,
  in: fc.constantFrom('query', 'header', 'cookie') as fc.Arbitrary<SpecParameter['in']>,
  required: fc.boolean(),
  schema,
});

const mediaTypes = fc.dictionary(fc.constantFrom('application/json', 'application/xml', 'text/plain'), fc.record({ schema }, { requiredKeys: [] }), {
  minKeys: 1,
  maxKeys: 2,
});

const response: fc.Arbitrary<SpecResponse> = fc.record(
  {
    description: fc.constant('an answer'),
    content: mediaTypes,
    headers: fc.dictionary(fc.constantFrom('X-Rate-Limit', 'ETag', 'Location'), fc.record({ required: fc.boolean(), schema }, { requiredKeys: ['required'] }), {
      maxKeys: 2,
    }),
  },
  { requiredKeys: ['description'] },
);

const security: fc.Arbitrary<SecurityRequirement[]> = fc.array(
  fc.dictionary(fc.constantFrom('bearer', 'key', 'oauth'), fc.uniqueArray(fc.constantFrom('read', 'write', 'admin'), { maxLength: 2 }), { maxKeys: 2 }),
  { maxLength: 3 },
);

const operation: fc.Arbitrary<SpecOperation> = fc
  .record(
    {
      method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
      path: fc.constantFrom('/things', '/things/{id}', '/things/{thingId}/parts', '/other'),
      id: fc.constantFrom('listThings', 'getThing', 'op'),
      deprecated: fc.boolean(),
      parameters: fc.uniqueArray(parameter, { selector: (item) => `${item.in} ${item.name.toLowerCase()}`, maxLength: 3 }),
      requestBody: fc.record({ required: fc.boolean(), content: mediaTypes }),
      responses: fc.dictionary(fc.constantFrom('200', '201', '2XX', '404', 'default'), response, { minKeys: 1, maxKeys: 3 }),
      security,
    },
    { requiredKeys: ['method', 'path', 'id', 'parameters', 'responses', 'security'] },
  )
  .map((operation) => {
    const pathParameters = [...operation.path.matchAll(/\{([^}]+)\}/g)].map(([, parameterName]) => ({
      name: parameterName!,
      in: 'path' as const,
      required: true,
      schema: { type: 'string' },
    }));
    return { tags: [], ...operation, parameters: [...pathParameters, ...operation.parameters] };
  });

export const specs: fc.Arbitrary<FalconSpec> = fc
  .record({
    operations: fc.uniqueArray(operation, { selector: (item) => `${item.method} ${item.path.replace(/\{[^}]*\}/g, '{}')}`, maxLength: 4 }),
    servers: fc.uniqueArray(fc.constantFrom('https://api.example.com/v1', 'https://api.example.com/v2', 'http://localhost:3000'), { maxLength: 2 }),
    node: schema,
    schemes: fc.dictionary(
      fc.constantFrom('bearer', 'key', 'oauth'),
      fc.constantFrom({ type: 'http', scheme: 'bearer' }, { type: 'apiKey', in: 'header', name: 'X-Key' }, { type: 'oauth2' }),
    ),
  })
  .map(({ operations, servers, node, schemes }) => ({
    format: 'falcon-spec/1',
    source: 'random.yaml',
    kind: 'openapi',
    specVersion: '3.1.0',
    ingestedAt: '2025-01-01T00:00:00.000Z',
    title: 'Random',
    version: '1',
    servers: servers.map((url) => ({ url })),
    securitySchemes: schemes,
    schemas: { Node: { type: 'object', properties: { value: node, next: { $ref: '#/schemas/Node' } } } },
    operations,
  }));

/** Arrays whose order means nothing: their items are a set, or alternatives, or listed in no particular order. */
const UNORDERED = new Set(['required', 'enum', 'type', 'parameters', 'operations', 'servers', 'security', 'oneOf', 'anyOf']);

/**
 * `value` with every object's keys in another order (and, with `reorderSets`, every array whose
 * order means nothing), the order drawn from `seed`: the same spec for every reader.
 */
export function reordered<T>(value: T, seed: number, reorderSets: boolean, key = ''): T {
  let state = seed >>> 0 || 1;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state;
  };
  const shuffle = <V>(items: V[]): V[] => {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index--) {
      const other = next() % (index + 1);
      [copy[index], copy[other]] = [copy[other]!, copy[index]!];
    }
    return copy;
  };
  const walk = (item: unknown, parentKey: string): unknown => {
    if (Array.isArray(item)) {
      const items = item.map((element) => walk(element, ''));
      return reorderSets && UNORDERED.has(parentKey) ? shuffle(items) : items;
    }
    if (typeof item !== 'object' || item === null) return item;
    const entries = shuffle(Object.entries(item)).map(([entryKey, entry]) => [entryKey, walk(entry, entryKey)] as const);
    return Object.fromEntries(entries);
  };
  return walk(value, key) as T;
}
