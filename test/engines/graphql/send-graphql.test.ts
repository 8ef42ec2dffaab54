import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBookshopGraphQL, type BookshopGraphQL } from '../../apis/graphql-api/bookshop-graphql.js';
import { readGraphQLAnswer, sendGraphQL } from '../../../src/engines/graphql/send-graphql.js';

let api: BookshopGraphQL;
beforeAll(async () => {
  api = await startBookshopGraphQL();
});
afterAll(() => api.close());

describe('sendGraphQL', () => {
  it('sends the operation with its variables and headers and reads data and errors back', async () => {
    const { response, answer } = await sendGraphQL({
      endpoint: api.endpoint,
      query: 'query Mine($id: ID!) { order(id: $id) { id } me { name } }',
      variables: { id: '101' },
      operationName: 'Mine',
      headers: { authorization: `Bearer ${api.users[0]!.token}` },
    });
    expect(response.status).toBe(200);
    expect(answer).toEqual({ data: { order: { id: '101' }, me: { name: 'Alice' } } });
    expect(api.executed.at(-1)).toEqual({ caller: 'Alice', query: 'query Mine($id: ID!) { order(id: $id) { id } me { name } }' });
  });

  it('has no answer for a body that is not a GraphQL answer', async () => {
    const { response, answer } = await sendGraphQL({
      endpoint: api.endpoint,
      query: 'query($t: String!) { searchBooks(title: $t) { id } }',
      variables: { t: 'x'.repeat(150) },
    });
    expect(response.status).toBe(500);
    expect(answer).toBeUndefined();
  });
});

describe('readGraphQLAnswer', () => {
  it('keeps errors whatever their shape, and refuses what is not an answer', () => {
    expect(readGraphQLAnswer('{"errors":[{"message":"no","path":["a",0],"extensions":{"code":"X"}}, "odd"]}')).toEqual({
      errors: [{ message: 'no', path: ['a', 0], extensions: { code: 'X' } }, { message: 'odd' }],
    });
    expect(readGraphQLAnswer('{"data":null}')).toEqual({ data: null });
    expect(readGraphQLAnswer('[1]')).toBeUndefined();
    expect(readGraphQLAnswer('{"hello":1}')).toBeUndefined();
    expect(readGraphQLAnswer('<html>')).toBeUndefined();
  });
});
