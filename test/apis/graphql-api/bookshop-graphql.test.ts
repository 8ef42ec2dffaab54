import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBookshopGraphQL, type BookshopGraphQL } from './bookshop-graphql.js';

let planted: BookshopGraphQL;
let twin: BookshopGraphQL;

beforeAll(async () => {
  [planted, twin] = await Promise.all([startBookshopGraphQL(), startBookshopGraphQL({ twin: true })]);
});
afterAll(() => Promise.all([planted.close(), twin.close()]));

async function ask(api: BookshopGraphQL, body: unknown, token?: string) {
  const response = await fetch(api.endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const json: unknown = text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : undefined;
  return { status: response.status, text, json };
}

const alice = () => planted.users[0]!.token;

describe('the planted bookshop and its twin', () => {
  it('answers null for the non-null price of a rare book, where the twin gives the price', async () => {
    const query = { query: 'query($g: Genre) { books(genre: $g) { title price } }', variables: { g: 'RARE' } };
    expect((await ask(planted, query)).json).toEqual({ data: { books: [{ title: 'A Folio of Maps', price: null }] } });
    expect((await ask(twin, query)).json).toEqual({ data: { books: [{ title: 'A Folio of Maps', price: 340 }] } });
  });

  it('answers variables of the wrong type with a text 400, where the twin answers GraphQL errors', async () => {
    const query = { query: 'query($g: Genre) { books(genre: $g) { id } }', variables: { g: 'POETRY' } };
    const planted400 = await ask(planted, query);
    expect(planted400).toMatchObject({ status: 400, text: 'Bad Request' });
    expect((await ask(twin, query)).json).toMatchObject({ errors: [{ message: expect.stringContaining('Value "POETRY" does not exist in "Genre" enum') }] });
  });

  it('crashes with a 500 on a long title, where the twin answers a GraphQL error', async () => {
    const query = { query: 'query($t: String!) { searchBooks(title: $t) { id } }', variables: { t: 'x'.repeat(101) } };
    const crash = await ask(planted, query);
    expect(crash.status).toBe(500);
    expect(crash.text).toContain('value too long');
    const refused = await ask(twin, query);
    expect(refused.status).toBe(200);
    expect(refused.json).toMatchObject({ errors: [{ extensions: { code: 'BAD_USER_INPUT' } }] });
  });

  it('leaks its SQL for a quote in a title, where the twin searches for it', async () => {
    const query = { query: 'query($t: String!) { searchBooks(title: $t) { id } }', variables: { t: "Harbour'" } };
    expect((await ask(planted, query)).json).toMatchObject({ errors: [{ message: expect.stringContaining('SQLITE_ERROR') }] });
    expect((await ask(twin, query)).json).toEqual({ data: { searchBooks: [] } });
  });

  it("gives anyone Bob's order, where the twin gives it to Bob alone", async () => {
    const query = { query: '{ order(id: "102") { id note } }' };
    expect((await ask(planted, query)).json).toMatchObject({ data: { order: { id: '102' } } });
    expect((await ask(planted, query, alice())).json).toMatchObject({ data: { order: { id: '102' } } });
    expect((await ask(twin, query, alice())).json).toEqual({ data: { order: null } });
    expect((await ask(twin, query, twin.users[1]!.token)).json).toMatchObject({ data: { order: { id: '102' } } });
    expect((await ask(twin, query)).json).toMatchObject({ errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] });
  });

  it('answers introspection, deep queries, many aliases and batches, which the twin refuses', async () => {
    const deep = { query: '{ books { author { books { author { books { author { name } } } } } } }' };
    const aliases = { query: `{ ${Array.from({ length: 20 }, (_, index) => `b${index}: book(id: "1") { id }`).join(' ')} }` };
    const introspection = { query: '{ __schema { queryType { name } } }' };
    const batch = [{ query: '{ books { id } }' }, { query: '{ books { id } }' }];
    for (const body of [deep, aliases, introspection]) {
      expect((await ask(planted, body)).json).toMatchObject({ data: expect.any(Object) });
      const refused = await ask(twin, body);
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ errors: expect.arrayContaining([expect.objectContaining({ message: expect.any(String) })]) });
    }
    expect((await ask(planted, batch)).json).toHaveLength(2);
    expect((await ask(twin, batch)).status).toBe(400);
  });

  it('suggests fields it has, where the twin does not', async () => {
    const typo = { query: '{ books { titel } }' };
    expect((await ask(planted, typo)).json).toMatchObject({ errors: [{ message: expect.stringContaining('Did you mean "title"?') }] });
    expect(JSON.stringify((await ask(twin, typo)).json)).not.toContain('Did you mean');
  });
});
