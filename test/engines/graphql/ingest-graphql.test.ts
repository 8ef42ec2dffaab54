import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ingestSpec } from '../../../src/engines/spec/ingest-spec.js';
import { readIngestedSpec } from '../../../src/engines/spec/read-ingested-spec.js';
import { BOOKSHOP_SDL_FILE, startBookshopGraphQL, type BookshopGraphQL } from '../../apis/graphql-api/bookshop-graphql.js';
import { createTempProject, type TempProject } from '../../tools/temp-project.js';

let planted: BookshopGraphQL;
let project: TempProject;
const signal = new AbortController().signal;

beforeAll(async () => {
  planted = await startBookshopGraphQL();
});
afterAll(() => planted.close());
afterEach(() => project?.remove());

describe('a GraphQL schema ingested as the project spec', () => {
  it('reads an SDL file into operations named query.books and mutation.placeOrder', async () => {
    project = await createTempProject();
    await copyFile(BOOKSHOP_SDL_FILE, path.join(project.root, 'schema.graphql'));
    const { spec, summary } = await ingestSpec('schema.graphql', { projectRoot: project.root, signal });
    expect(spec.kind).toBe('graphql');
    expect(spec.operations.map((operation) => operation.id)).toEqual([
      'query.me',
      'query.books',
      'query.searchBooks',
      'query.book',
      'query.order',
      'mutation.placeOrder',
      'mutation.cancelOrder',
    ]);
    expect(spec.operations[1]).toMatchObject({ method: 'POST', path: '/graphql', summary: 'query books(genre: Genre, limit: Int): [Book!]!', tags: ['query'] });
    expect(summary).toContain('7 operations from schema.graphql (GraphQL SDL)');
    const ingested = (await readIngestedSpec(project.root))?.graphql;
    expect(ingested?.endpoint).toBeUndefined();
    expect(ingested?.sdl).toContain('price: Float!');
  });

  it('asks an endpoint by introspection and keeps the endpoint', async () => {
    project = await createTempProject();
    const { spec } = await ingestSpec(planted.endpoint, { projectRoot: project.root, signal });
    expect(spec.servers).toEqual([{ url: new URL(planted.endpoint).origin }]);
    expect((await readIngestedSpec(project.root))?.graphql).toMatchObject({
      endpoint: planted.endpoint,
      sdl: expect.stringContaining('placeOrder(input: OrderInput!): Order!'),
    });
  });
});
