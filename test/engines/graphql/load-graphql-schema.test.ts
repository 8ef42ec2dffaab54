import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBookshopGraphQL, type BookshopGraphQL } from '../../apis/graphql-api/bookshop-graphql.js';
import { listGraphQLOperations } from '../../../src/engines/graphql/graphql-operations.js';
import { graphqlSourceOf } from '../../../src/engines/graphql/graphql-schema-source.js';
import { loadGraphQLSchema } from '../../../src/engines/graphql/load-graphql-schema.js';
import { SpecError } from '../../../src/engines/spec/spec-error.js';

let planted: BookshopGraphQL;
let twin: BookshopGraphQL;

beforeAll(async () => {
  [planted, twin] = await Promise.all([startBookshopGraphQL(), startBookshopGraphQL({ twin: true })]);
});
afterAll(() => Promise.all([planted.close(), twin.close()]));

describe('loadGraphQLSchema', () => {
  it('reads the same schema from an endpoint by introspection as from its SDL file', async () => {
    const fromEndpoint = await loadGraphQLSchema(graphqlSourceOf(planted.endpoint));
    const fromFile = await loadGraphQLSchema(graphqlSourceOf(planted.sdlFile));
    expect(fromEndpoint.sdl).toBe(fromFile.sdl);
    expect(fromFile.sdl).toContain('price: Float!');
  });

  it('says to give the SDL file when the endpoint refuses introspection', async () => {
    const refused = loadGraphQLSchema(graphqlSourceOf(twin.endpoint));
    await expect(refused).rejects.toThrow(SpecError);
    await expect(refused).rejects.toThrow(/did not answer GraphQL introspection \(GraphQL introspection has been disabled.*give Falcon the schema's SDL file/);
  });

  it('names the file and the problem of an SDL that does not parse', async () => {
    await expect(loadGraphQLSchema({ kind: 'sdl', file: planted.sdlFile.replace('schema.graphql', 'query-limits.ts') })).rejects.toThrow(
      /query-limits.ts is not a GraphQL schema: Syntax Error/,
    );
  });
});

describe('listGraphQLOperations', () => {
  it('lists every query and mutation with its arguments, required ones marked', async () => {
    const { schema } = await loadGraphQLSchema(graphqlSourceOf(planted.sdlFile));
    const operations = listGraphQLOperations(schema);
    expect(operations.map((operation) => `${operation.kind} ${operation.name}: ${operation.returns}`)).toEqual([
      'query me: User!',
      'query books: [Book!]!',
      'query searchBooks: [Book!]!',
      'query book: Book',
      'query order: Order',
      'mutation placeOrder: Order!',
      'mutation cancelOrder: Order',
    ]);
    expect(operations.find((operation) => operation.name === 'books')?.args).toEqual([
      { name: 'genre', type: 'Genre', required: false },
      { name: 'limit', type: 'Int', required: false },
    ]);
    expect(operations.find((operation) => operation.name === 'placeOrder')).toMatchObject({
      args: [{ name: 'input', type: 'OrderInput!', required: true }],
      returnsNamed: 'Order',
    });
  });
});
