import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_NAMES } from '../../src/engines/testing/test-run.js';
import { startJsonServer } from '../apis/json-server.js';
import type { SpecServer } from '../apis/loopback-server.js';
import { CONFORMING_OPERATIONS, NONCONFORMING_SPEC_FILE, PLANTED_DEFECTS, startNonconformingApi } from '../apis/nonconforming-api.js';
import { GRAPHQL_CHECKS_PLANTED } from '../apis/graphql-api/bookshop-graphql.js';
import { INVARIANT_DEFECTS } from '../apis/invariants-api.js';
import { PEER_DEFECTS } from '../apis/peer-checks-api.js';
import { startPetstore } from '../apis/petstore-server.js';
import { type PrismMock, startPrismMock } from '../apis/prism-mock.js';
import { call, expectDocumented, loadSpec } from '../apis/spec-answers.js';

async function expectClosed(server: { url: string; close(): Promise<void> }): Promise<void> {
  await call(`${server.url}/`); // leaves a kept-alive connection open, which close must not wait for
  await server.close();
  await expect(fetch(`${server.url}/`)).rejects.toThrow();
}

describe('the nonconforming API', () => {
  let api: SpecServer;
  beforeAll(async () => {
    api = await startNonconformingApi();
  });
  afterAll(() => api.close());

  it('lists one planted defect per response check, the peer-checks and invariants APIs the others, and covers every operation of its spec', async () => {
    const spec = await loadSpec(api.specFile);
    const planted = new Set(PLANTED_DEFECTS.map((defect) => defect.check));
    expect(planted.size).toBe(PLANTED_DEFECTS.length);
    const elsewhere = new Set([...[...PEER_DEFECTS, ...INVARIANT_DEFECTS].map((defect) => defect.check), ...GRAPHQL_CHECKS_PLANTED]);
    expect([...new Set([...planted, ...elsewhere])].sort()).toEqual([...CHECK_NAMES].sort());
    const listed = [...CONFORMING_OPERATIONS, ...PLANTED_DEFECTS.map((defect) => defect.operationId)];
    expect(listed.sort()).toEqual(spec.operations.map((op) => op.id).sort());
  });

  it('runs items through create, read, replace, delete and a 404, as documented', async () => {
    const spec = await loadSpec(api.specFile);
    const created = await call(`${api.url}/items`, 'POST', { name: 'Chair', price: 0, tags: ['office'] });
    await expectDocumented(spec, 'POST', '/items', created);
    expect(created.status).toBe(201);
    const { id } = created.json() as { id: number };
    expect(created.headers.get('location')).toBe(`/items/${id}`);
    const read = await call(`${api.url}/items/${id}`);
    await expectDocumented(spec, 'GET', '/items/{itemId}', read);
    expect(read.json()).toEqual({ id, name: 'Chair', price: 0, status: 'available', tags: ['office'] });
    const replaced = await call(`${api.url}/items/${id}`, 'PUT', { name: 'Stool', price: 100000, status: 'sold' });
    await expectDocumented(spec, 'PUT', '/items/{itemId}', replaced);
    expect(replaced.json()).toEqual({ id, name: 'Stool', price: 100000, status: 'sold', tags: [] });
    const listed = await call(`${api.url}/items?limit=100`);
    await expectDocumented(spec, 'GET', '/items', listed);
    expect((listed.json() as Array<{ id: number }>).map((item) => item.id)).toEqual([1, id]);
    expect((await call(`${api.url}/items/${id}`, 'DELETE')).status).toBe(204);
    const gone = await call(`${api.url}/items/${id}`);
    await expectDocumented(spec, 'GET', '/items/{itemId}', gone);
    expect(gone.status).toBe(404);
  });

  it('rejects what the spec forbids on its conforming operations', async () => {
    const spec = await loadSpec(api.specFile);
    const invalid: Array<[string, string, string, unknown, number]> = [
      ['POST', '/items', '/items', { price: 1 }, 400],
      ['POST', '/items', '/items', { name: 'Chair', price: 1, colour: 'red' }, 400],
      ['POST', '/items', '/items', { name: 'Chair', price: 1, status: 'lost' }, 400],
      ['POST', '/items', '/items', { name: '', price: -1 }, 400],
      ['POST', '/items', '/items', '{not json', 400],
      ['GET', '/items', '/items?limit=0', undefined, 400],
      ['GET', '/items', '/items?limit=ten', undefined, 400],
      ['GET', '/items/{itemId}', '/items/abc', undefined, 400],
      ['PUT', '/items/{itemId}', '/items/999', { name: 'Chair' }, 400],
      ['PUT', '/items/{itemId}', '/items/999', { name: 'Chair', price: 1 }, 404],
      ['DELETE', '/items/{itemId}', '/items/0', undefined, 400],
      ['POST', '/orders', '/orders', { product: 'Lamp', quantity: 11 }, 422],
      ['POST', '/orders', '/orders', { product: 'Lamp', quantity: 1, priority: 'urgent' }, 422],
      ['POST', '/orders', '/orders', { product: 'Lamp', quantity: 1, gift: true }, 422],
    ];
    for (const [method, path, url, body, status] of invalid) {
      const answer = await call(`${api.url}${url}`, method, body);
      expect(answer.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(status);
      await expectDocumented(spec, method, path, answer);
    }
    const asText = await call(`${api.url}/items`, 'POST', '{"name":"Chair","price":1}', { 'content-type': 'text/plain' });
    expect(asText.status).toBe(415);
    const order = await call(`${api.url}/orders`, 'POST', { product: 'Lamp', quantity: 10, priority: 'high' });
    expect(order.status).toBe(201);
    await expectDocumented(spec, 'POST', '/orders', order);
    await expectDocumented(spec, 'GET', '/health', await call(`${api.url}/health`));
  });

  it('shows each planted defect to whoever calls it', async () => {
    expect((await call(`${api.url}/stats`)).status).toBe(500);
    expect((await call(`${api.url}/announcements`)).status).toBe(202);
    expect((await call(`${api.url}/profile`)).headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await call(`${api.url}/users`)).json()).toContainEqual(expect.objectContaining({ id: 'u-1' }));
    const quota = await call(`${api.url}/quota`);
    expect([quota.status, quota.headers.get('x-ratelimit-remaining')]).toEqual([200, null]);
    expect((await call(`${api.url}/legacy/orders`, 'POST', { quantity: 'many', extra: true })).status).toBe(201);
    expect((await call(`${api.url}/reports/daily`)).json()).toMatchObject({ orders: 7 });
  });

  it('closes without waiting for open connections', async () => {
    await expectClosed(await startNonconformingApi());
  });
});

describe('the Petstore of swagger-express-middleware', () => {
  let petstore: SpecServer;
  beforeAll(async () => {
    petstore = await startPetstore();
  });
  afterAll(() => petstore.close());

  it('hands out a spec Falcon ingests, with every operation of the sample', async () => {
    const spec = await loadSpec(petstore.specFile);
    expect(spec.operations).toHaveLength(11);
    expect(spec.operations.find((op) => op.id === 'findPets')?.parameters.map((parameter) => parameter.name)).toContain('vet.address.city');
  });

  it('keeps a POSTed pet: read, changed, listed, deleted, then gone', async () => {
    const spec = await loadSpec(petstore.specFile);
    const created = await call(`${petstore.url}/pets`, 'POST', { name: 'Fluffy', type: 'cat', age: 2 });
    expect([created.status, created.headers.get('location')]).toEqual([201, '/pets/Fluffy']);
    await expectDocumented(spec, 'POST', '/pets', created);
    const read = await call(`${petstore.url}/pets/Fluffy`);
    await expectDocumented(spec, 'GET', '/pets/{petName}', read);
    expect(read.json()).toEqual({ name: 'Fluffy', type: 'cat', age: 2 });
    const patched = await call(`${petstore.url}/pets/Fluffy`, 'PATCH', { name: 'Fluffy', type: 'dog' });
    expect(patched.json()).toEqual({ name: 'Fluffy', type: 'dog', age: 2 });
    const dogs = await call(`${petstore.url}/pets?type=dog`);
    await expectDocumented(spec, 'GET', '/pets', dogs);
    expect(dogs.json()).toEqual([{ name: 'Fluffy', type: 'dog', age: 2 }]);
    expect((await call(`${petstore.url}/pets/Fluffy`, 'DELETE')).status).toBe(200);
    expect((await call(`${petstore.url}/pets/Fluffy`)).status).toBe(404);
  });

  it('rejects a pet its schema forbids', async () => {
    expect((await call(`${petstore.url}/pets`, 'POST', { name: 'Rex', type: 'dog' })).status).toBe(400);
    expect((await call(`${petstore.url}/pets`, 'POST', { name: 'Garfield', type: 'lion' })).status).toBe(400);
  });

  it('starts empty each time and closes without waiting for open connections', async () => {
    const other = await startPetstore();
    await call(`${petstore.url}/pets`, 'POST', { name: 'Only here', type: 'bird' });
    expect((await call(`${other.url}/pets`)).json()).toEqual([]);
    await expectClosed(other);
  });
});

describe('json-server', () => {
  let server: SpecServer;
  beforeAll(async () => {
    server = await startJsonServer();
  });
  afterAll(() => server.close());

  it('answers every operation of its spec as documented, keeping what it is sent', async () => {
    const spec = await loadSpec(server.specFile);
    const exchanges: Array<[string, string, string, unknown?]> = [
      ['GET', '/posts', '/posts?author=typicode'],
      ['GET', '/comments', '/comments?postId=1'],
      ['GET', '/posts/{postId}/comments', '/posts/1/comments'],
      ['GET', '/comments/{commentId}', '/comments/2'],
      ['POST', '/posts', '/posts', { title: 'Spec-driven tests', author: 'Grace Hopper' }],
      ['GET', '/posts/{postId}', '/posts/3'],
      ['PUT', '/posts/{postId}', '/posts/3', { title: 'Replaced' }],
      ['PATCH', '/posts/{postId}', '/posts/3', { author: 'Ada Lovelace' }],
      ['POST', '/comments', '/comments', { body: 'Nice post', postId: 3 }],
      ['DELETE', '/posts/{postId}', '/posts/3'],
      ['GET', '/posts/{postId}', '/posts/3'],
      ['DELETE', '/comments/{commentId}', '/comments/3'],
      ['DELETE', '/comments/{commentId}', '/comments/1'],
    ];
    const statuses: number[] = [];
    const bodies: unknown[] = [];
    for (const [method, path, url, body] of exchanges) {
      const answer = await call(`${server.url}${url}`, method, body);
      await expectDocumented(spec, method, path, answer);
      statuses.push(answer.status);
      bodies.push(answer.json());
    }
    expect(statuses).toEqual([200, 200, 200, 200, 201, 200, 200, 200, 201, 200, 404, 404, 200]);
    expect(bodies[5]).toEqual({ id: 3, title: 'Spec-driven tests', author: 'Grace Hopper' });
    expect(bodies[7]).toEqual({ id: 3, title: 'Replaced', author: 'Ada Lovelace' });
    expect(bodies[10]).toEqual({});
  });

  it('starts from the fixture each time and closes without waiting for open connections', async () => {
    await call(`${server.url}/posts/2`, 'DELETE');
    const other = await startJsonServer();
    expect(((await call(`${other.url}/posts`)).json() as unknown[]).length).toBe(2);
    expect(((await call(`${other.url}/posts/2`)).json() as { title: string }).title).toBe('Testing APIs from the terminal');
    await expectClosed(other);
  });
});

describe('a Prism mock', () => {
  let folder: string;
  let specFile: string;
  let prism: PrismMock;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'falcon-prism-'));
    specFile = join(folder, 'spec.yaml');
    // A copy of its own, so that the processes naming it are this test's.
    await copyFile(NONCONFORMING_SPEC_FILE, specFile);
    prism = await startPrismMock(specFile);
  });
  afterAll(async () => {
    await prism.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('answers as the spec says, even where the real API breaks it', async () => {
    const spec = await loadSpec(specFile);
    const exchanges: Array<[string, string, string, unknown?]> = [
      ['GET', '/stats', '/stats'],
      ['GET', '/announcements', '/announcements'],
      ['GET', '/profile', '/profile'],
      ['GET', '/users', '/users'],
      ['GET', '/quota', '/quota'],
      ['GET', '/items/{itemId}', '/items/5'],
      ['GET', '/items/{itemId}', '/items/abc'],
      ['POST', '/items', '/items', { name: 'Chair', price: 3 }],
      ['POST', '/legacy/orders', '/legacy/orders', { quantity: 'many' }],
    ];
    const statuses: number[] = [];
    for (const [method, path, url, body] of exchanges) {
      const answer = await call(`${prism.url}${url}`, method, body);
      await expectDocumented(spec, method, path, answer);
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 400, 201, 422]);
  });

  it('stops with its whole process group', async () => {
    expect(await processesNaming(specFile)).toHaveLength(1);
    await prism.close();
    await expect(fetch(`${prism.url}/health`)).rejects.toThrow();
    expect(await processesNaming(specFile)).toEqual([]);
  });

  it('says why when it cannot start, and leaves nothing running', async () => {
    const missing = join(folder, 'missing.yaml');
    await expect(startPrismMock(missing)).rejects.toThrow(/prism mock .*missing\.yaml exited \(code 1\) before listening: Error opening file/);
    expect(await processesNaming(missing)).toEqual([]);
  });
});

/** Pids of the processes whose command line names this file. */
async function processesNaming(file: string): Promise<string[]> {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  const named = await Promise.all(
    pids.map(async (pid) => ((await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0').includes(file) ? pid : undefined)),
  );
  return named.filter((pid): pid is string => pid !== undefined);
}
