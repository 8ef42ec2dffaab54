import { describe, expect, it } from 'vitest';
import type { JsonSchema, SpecOperation, SpecParameter, SpecResponse } from '../../../../src/engines/spec/spec-format.js';
import { paginatedList } from '../../../../src/engines/testing/pagination/paginated-list.js';
import { jsonResponse, specOf } from '../checks/spec-fixture.js';
import { ingestedSpec, operationOf } from '../generate/generation-fixtures.js';

const integer = (extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', ...extra });
const query = (name: string, schema: JsonSchema): SpecParameter => ({ name, in: 'query', required: false, schema });
const item = { type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' } } };
const list = (path: string, parameters: SpecParameter[], response: SpecResponse, method = 'GET'): SpecOperation => ({
  id: 'listThings',
  method,
  path,
  tags: [],
  parameters,
  responses: { '200': response },
  security: [],
});
const detect = (operation: SpecOperation) => paginatedList(operation, specOf([operation]));

describe('paginated lists, from the spec', () => {
  it('reads each way of paging the invariants API describes', async () => {
    const spec = await ingestedSpec('invariants-3.0.yaml');
    expect(paginatedList(operationOf(spec, 'listMembers'), spec)).toEqual({
      walk: {
        step: { by: 'page', parameter: 'page', first: 1 },
        size: { parameter: 'pageSize', value: 2, largest: 50 },
        items: ['items'],
        key: 'id',
        total: { in: 'body', path: ['total'] },
        pageCount: ['totalPages'],
      },
      firstPage: { page: 1, pageSize: 2 },
      paging: new Set(['page', 'pageSize']),
    });
    expect(paginatedList(operationOf(spec, 'listEvents'), spec)?.walk).toEqual({
      step: { by: 'offset', parameter: 'offset' },
      size: { parameter: 'limit', value: 2, largest: 20 },
      items: [],
      key: 'id',
      total: { in: 'header', name: 'X-Total-Count' },
    });
    expect(paginatedList(operationOf(spec, 'listLogs'), spec)?.walk).toMatchObject({
      step: { by: 'cursor', parameter: 'cursor', from: { body: ['next_cursor'] } },
      items: ['data'],
    });
    expect(paginatedList(operationOf(spec, 'listTags'), spec)?.walk).toMatchObject({ step: { by: 'link' }, size: { parameter: 'per_page', value: 2 } });
    // `since` is a filter it knows nothing of: the Link header moves the list.
    expect(paginatedList(operationOf(spec, 'listTags'), spec)?.paging).toEqual(new Set(['per_page']));
    for (const id of ['getMember', 'createMember', 'replaceMember']) expect(paginatedList(operationOf(spec, id), spec), id).toBeUndefined();
  });

  it('knows other spellings and places: page[number], DRF count beside next, a list one object down, has_more', () => {
    const drf = detect(
      list(
        '/things',
        [query('page', integer()), query('page_size', integer({ maximum: 100 }))],
        jsonResponse({
          type: 'object',
          properties: { count: integer(), next: { type: 'string', nullable: true }, results: { type: 'array', items: item } },
        }),
      ),
    );
    expect(drf?.walk).toMatchObject({ step: { by: 'page', parameter: 'page', first: 1 }, items: ['results'], total: { in: 'body', path: ['count'] } });
    const jsonApi = detect(
      list(
        '/things',
        [query('page[number]', integer({ minimum: 1 })), query('page[size]', integer())],
        jsonResponse({
          type: 'object',
          properties: {
            data: { type: 'object', properties: { things: { type: 'array', items: item } } },
            meta: { type: 'object', properties: { totalItems: integer(), hasMore: { type: 'boolean' } } },
          },
        }),
      ),
    );
    expect(jsonApi?.walk).toMatchObject({ items: ['data', 'things'], total: { in: 'body', path: ['meta', 'totalItems'] }, hasMore: ['meta', 'hasMore'] });
    expect(jsonApi?.firstPage).toEqual({ 'page[number]': 1, 'page[size]': 2 });
  });

  it("takes the cursor from the last item's key where the page names none (Stripe's starting_after)", () => {
    const stripe = detect(
      list(
        '/charges',
        [query('starting_after', { type: 'string' }), query('limit', integer({ minimum: 1, maximum: 100 }))],
        jsonResponse({
          type: 'object',
          properties: { data: { type: 'array', items: item }, has_more: { type: 'boolean' } },
        }),
      ),
    );
    expect(stripe?.walk).toMatchObject({ step: { by: 'cursor', parameter: 'starting_after', from: 'last-item' }, key: 'id', hasMore: ['has_more'] });
    expect(stripe?.paging).toEqual(new Set(['limit', 'starting_after']));
  });

  it('starts where the page parameter says, and asks for a page size it allows', () => {
    const firstOf = (schema: JsonSchema) => detect(list('/things', [query('page', schema)], jsonResponse({ type: 'array', items: item })))?.firstPage;
    expect(firstOf(integer({ minimum: 0 }))).toEqual({ page: 0 });
    expect(firstOf(integer({ default: 0, minimum: 0 }))).toEqual({ page: 0 });
    expect(firstOf(integer({ minimum: 0, exclusiveMinimum: true }))).toEqual({ page: 1 });
    expect(firstOf(integer({ default: 3, minimum: 2 }))).toEqual({ page: 2 });
    expect(firstOf(integer())).toEqual({ page: 1 });
    const sizeOf = (schema: JsonSchema) =>
      detect(list('/things', [query('offset', integer()), query('limit', schema)], jsonResponse({ type: 'array', items: item })))?.walk.size;
    expect(sizeOf(integer({ minimum: 5, maximum: 50 }))).toEqual({ parameter: 'limit', value: 5, largest: 50 });
    expect(sizeOf(integer({ maximum: 1 }))).toEqual({ parameter: 'limit', value: 1, largest: 1 });
    expect(sizeOf(integer({ enum: [10, 25, 50] }))).toEqual({ parameter: 'limit', value: 10, largest: 10 });
    expect(sizeOf(integer({ multipleOf: 5 }))).toEqual({ parameter: 'limit', value: 5, largest: 5 });
    expect(sizeOf(integer())).toEqual({ parameter: 'limit', value: 2 });
  });

  it('is no paginated list without a parameter that moves, a list in the answer, or a GET', () => {
    const array = jsonResponse({ type: 'array', items: item });
    expect(detect(list('/things', [query('limit', integer())], array))).toBeUndefined();
    expect(detect(list('/things', [query('start', { type: 'string', format: 'date' })], array))).toBeUndefined();
    expect(detect(list('/things', [query('page', integer())], jsonResponse(item)))).toBeUndefined();
    expect(
      detect(list('/things', [query('page', integer())], { description: 'text', content: { 'text/plain': { schema: { type: 'string' } } } })),
    ).toBeUndefined();
    expect(detect(list('/things', [query('page', integer())], array, 'POST'))).toBeUndefined();
    // A cursor parameter with nothing to take the next cursor from.
    expect(detect(list('/things', [query('cursor', { type: 'string' })], array))).toBeUndefined();
  });
});
