import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../../../src/capabilities/mock/engine/mock-server.js';
import type { MockLogEntry } from '../../../../src/capabilities/mock/engine/mock-log-entry.js';
import type { FalconSpec } from '../../../../src/engines/spec/spec-format.js';
import { loadSpecUnderTest } from '../../../../src/engines/testing/load-test-spec.js';
import { SpecSchemaValidator } from '../../../../src/engines/testing/spec-schema/spec-schema-validator.js';

const EXAMPLE_SPEC = fileURLToPath(new URL('../../../../examples/petstore.yaml', import.meta.url));
const SWAGGER_SPEC = fileURLToPath(new URL('../../../fixtures/specs/petstore-2.0.json', import.meta.url));
const POSTMAN_COLLECTION = fileURLToPath(new URL('../../../fixtures/specs/shop.postman_collection.json', import.meta.url));

// No examples anywhere: every value is generated from the schema, formats and all.
const GENERATED_SPEC = `openapi: 3.0.3
info: {title: Accounts, version: 1.0.0}
servers: [{url: "https://api.example.com/v2"}]
security: [{apiKey: []}]
paths:
  /accounts/{accountId}:
    get:
      operationId: getAccount
      parameters:
        - {name: accountId, in: path, required: true, schema: {type: string, format: uuid}}
        - {name: X-Request-Id, in: header, required: true, schema: {type: string}}
      responses:
        "200":
          description: The account
          headers:
            X-Rate-Limit: {required: true, schema: {type: integer, minimum: 1}}
          content:
            application/json:
              schema:
                type: object
                required: [id, email, createdAt, plan, tags]
                properties:
                  id: {type: string, format: uuid}
                  email: {type: string, format: email}
                  createdAt: {type: string, format: date-time}
                  plan: {type: string, enum: [free, pro]}
                  tags: {type: array, minItems: 2, items: {type: string, pattern: "^[a-z]{3}$"}}
                  secret: {type: string, writeOnly: true}
components:
  securitySchemes:
    apiKey: {type: apiKey, in: header, name: X-Api-Key}
`;

const CREDENTIALS = { 'x-api-key': 'key-1234', 'x-request-id': 'r1' };
const ACCOUNT = '/accounts/3f1e2d4c-5b6a-4789-8abc-def012345678';

let folder: string;
let petstore: FalconSpec;
let accounts: FalconSpec;
let swagger: FalconSpec;
let validator: SpecSchemaValidator;
const running: RunningMock[] = [];

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'falcon-mock-'));
  await writeFile(path.join(folder, 'accounts.yaml'), GENERATED_SPEC);
  const signal = new AbortController().signal;
  petstore = (await loadSpecUnderTest(EXAMPLE_SPEC, folder, signal))!.spec;
  accounts = (await loadSpecUnderTest('accounts.yaml', folder, signal))!.spec;
  swagger = (await loadSpecUnderTest(SWAGGER_SPEC, folder, signal))!.spec;
  validator = await SpecSchemaValidator.load();
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((mock) => mock.close()));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function mockOf(spec: FalconSpec, options: { seed?: number; stateful?: boolean; errorRate?: number; log?: MockLogEntry[] } = {}): Promise<string> {
  const mock = await startMock({ spec, port: 0, ...options, onRequest: (entry) => options.log?.push(entry) });
  running.push(mock);
  return mock.url;
}

function documentedSchema(spec: FalconSpec, operationId: string, status: string) {
  return spec.operations.find((operation) => operation.id === operationId)!.responses[status]!.content!['application/json']!.schema!;
}

function violations(spec: FalconSpec, operationId: string, status: string, body: unknown): string[] {
  return validator.violations(documentedSchema(spec, operationId, status), { exact: body, plain: body }, 'response');
}

async function json(response: Response): Promise<unknown> {
  return JSON.parse(await response.text()) as unknown;
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('answers', () => {
  it("answers a Postman collection's requests with their saved examples", async () => {
    const collection = (await loadSpecUnderTest(POSTMAN_COLLECTION, folder, new AbortController().signal))!.spec;
    const url = await mockOf(collection);
    const created = await post(`${url}/users?notify=true`, { name: 'Ada', age: 3 }, { authorization: 'Bearer abc' });
    expect(created.status).toBe(201);
    expect(await json(created)).toEqual({ id: 7 });
  });

  it('listens on a free port with --port 0 and answers with the example, valid for the spec', async () => {
    const url = await mockOf(petstore);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(url).not.toMatch(/:0$/);
    const response = await fetch(`${url}/pets/1`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = await json(response);
    expect(body).toEqual({ id: 1, name: 'Tom', tag: 'cat' });
    expect(violations(petstore, 'showPetById', '200', body)).toEqual([]);
  });

  it('answers with the named example or the documented status a Prefer header asks for', async () => {
    const url = await mockOf(petstore);
    expect(await json(await post(`${url}/pets`, { name: 'Rex' }, { prefer: 'example=dog' }))).toEqual({
      id: 2,
      name: 'Rex',
      tag: 'dog',
      birthDate: '2021-04-01',
    });
    const missing = await fetch(`${url}/pets/1`, { headers: { prefer: 'code=404' } });
    expect(missing.status).toBe(404);
    expect(violations(petstore, 'showPetById', '404', await json(missing))).toEqual([]);
    const undocumented = await fetch(`${url}/pets/1`, { headers: { prefer: 'code=418' } });
    expect(undocumented.status).toBe(400);
    expect(await undocumented.text()).toContain('Prefer: code=418: not documented for showPetById (documented: 200, 400, 404)');
  });

  it('generates a body from the schema that validates, formats honoured, writeOnly left out, documented headers sent', async () => {
    const url = await mockOf(accounts);
    const response = await fetch(`${url}${ACCOUNT}`, { headers: CREDENTIALS });
    expect(response.status).toBe(200);
    const body = (await json(response)) as Record<string, unknown>;
    expect(violations(accounts, 'getAccount', '200', body)).toEqual([]);
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(body.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(Number.isNaN(Date.parse(body.createdAt as string))).toBe(false);
    expect((body.tags as string[]).length).toBeGreaterThanOrEqual(2);
    expect(body).not.toHaveProperty('secret');
    expect(Number(response.headers.get('x-rate-limit'))).toBeGreaterThanOrEqual(1);
  });

  it('gives the same answers for the same seed, other answers for another', async () => {
    const bodies = async (seed: number) => (await fetch(`${await mockOf(accounts, { seed })}${ACCOUNT}`, { headers: CREDENTIALS })).text();
    const first = await bodies(7);
    expect(await bodies(7)).toBe(first);
    expect(await bodies(8)).not.toBe(first);
  });

  it("serves the paths under the path of the spec's server too", async () => {
    const url = await mockOf(accounts);
    expect((await fetch(`${url}/v2${ACCOUNT}`, { headers: CREDENTIALS })).status).toBe(200);
  });

  it('serves a Swagger 2 spec under its basePath too, its answers valid, its API key asked for', async () => {
    const url = await mockOf(swagger);
    const list = await fetch(`${url}/v1/pets`);
    expect(list.status).toBe(200);
    expect(violations(swagger, swagger.operations[0]!.id, '200', await json(list))).toEqual([]);
    expect((await fetch(`${url}/pets/1`)).status).toBe(401);
    const pet = await fetch(`${url}/pets/1`, { headers: { 'x-api-key': 'key-1234' } });
    expect(pet.status).toBe(200);
    expect(violations(swagger, swagger.operations[2]!.id, '200', await json(pet))).toEqual([]);
  });

  it('answers an injected 5xx to every valid request with --errors 1, and logs it', async () => {
    const log: MockLogEntry[] = [];
    const url = await mockOf(petstore, { errorRate: 1, log });
    expect((await fetch(`${url}/pets`)).status).toBe(500);
    expect(log).toEqual([{ method: 'GET', path: '/pets', status: 500, operationId: 'listPets', problems: ['an error injected by --errors'] }]);
  });
});

describe('invalid requests get the right 4xx, naming what was wrong', () => {
  it.each([
    ['a path parameter of the wrong type', () => fetch(`${base}/pets/abc`), 400, 'path petId: must be integer, got "abc"'],
    ['a query parameter out of range', () => fetch(`${base}/pets?limit=500`), 400, 'query limit: must be <= 100, got 500'],
    ['a body without a required property', () => post(`${base}/pets`, { tag: 'cat' }), 422, "body: must have required property 'name'"],
    ['a body property of the wrong type', () => post(`${base}/pets`, { name: 7 }), 422, 'body.name: must be string, got 7'],
    [
      'a body that is not JSON',
      () => fetch(`${base}/pets`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' }),
      400,
      'body: not valid JSON',
    ],
    [
      'a body of another media type',
      () => fetch(`${base}/pets`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'Tom' }),
      415,
      'content-type text/plain is not accepted: send application/json',
    ],
    ['a path no operation has', () => fetch(`${base}/owners`), 404, 'no operation of the spec matches GET /owners'],
    ['a method the path does not document', () => fetch(`${base}/pets`, { method: 'PUT' }), 405, 'PUT is not documented for /pets (allowed: GET, POST)'],
  ])('%s', async (_, send, status, problem) => {
    const log: MockLogEntry[] = [];
    base = await mockOf(petstore, { log });
    const response = await send();
    expect(response.status).toBe(status);
    expect(Object.values((await json(response)) as object).join(' ')).toContain(problem);
    expect(log[0]?.problems.join('; ')).toContain(problem);
  });

  it('answers 405 with the allowed methods', async () => {
    base = await mockOf(petstore);
    expect((await fetch(`${base}/pets`, { method: 'PUT' })).headers.get('allow')).toBe('GET, POST');
  });

  it('refuses a request without the credentials its operation needs with 401, then a missing required header with 400', async () => {
    base = await mockOf(accounts);
    const unauthorised = await fetch(`${base}${ACCOUNT}`, { headers: { 'x-request-id': 'r1' } });
    expect(unauthorised.status).toBe(401);
    expect(await unauthorised.text()).toContain('missing credentials: send apiKey (header X-Api-Key)');
    const withoutHeader = await fetch(`${base}${ACCOUNT}`, { headers: { 'x-api-key': 'key-1234' } });
    expect(withoutHeader.status).toBe(400);
    expect(await withoutHeader.text()).toContain('header X-Request-Id: required, missing');
  });

  it("answers a refusal with the operation's documented error body, valid for its schema", async () => {
    base = await mockOf(petstore);
    const body = await json(await post(`${base}/pets`, { tag: 'cat' }));
    expect(violations(petstore, 'createPet', '422', body)).toEqual([]);
    expect(body).toEqual({ code: 422, message: "body: must have required property 'name'" });
  });
});

let base: string;

describe('--stateful', () => {
  it('creates, reads, changes and deletes like a store: ids from the schema, 404 after DELETE', async () => {
    const url = await mockOf(petstore, { stateful: true });
    const created = await post(`${url}/pets`, { name: 'Rex', tag: 'dog' });
    expect(created.status).toBe(201);
    const pet = (await json(created)) as { id: number };
    expect(pet).toMatchObject({ id: 1, name: 'Rex', tag: 'dog' });
    expect(violations(petstore, 'createPet', '201', pet)).toEqual([]);
    expect(await json(await fetch(`${url}/pets/1`))).toEqual(pet);
    const changed = await fetch(`${url}/pets/1`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{"tag":"hound"}' });
    expect(await json(changed)).toEqual({ ...pet, tag: 'hound' });
    expect(await json(await fetch(`${url}/pets/1`))).toEqual({ ...pet, tag: 'hound' });
    expect((await fetch(`${url}/pets/1`, { method: 'DELETE' })).status).toBe(204);
    const gone = await fetch(`${url}/pets/1`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('no object with petId 1');
    expect((await fetch(`${url}/pets/1`, { method: 'DELETE' })).status).toBe(404);
  });

  it('lists what was created, a page at a time', async () => {
    const url = await mockOf(petstore, { stateful: true });
    expect(await json(await fetch(`${url}/pets`))).toEqual([]);
    for (const name of ['A', 'B', 'C']) await post(`${url}/pets`, { name });
    const names = async (query: string) => ((await json(await fetch(`${url}/pets${query}`))) as Array<{ name: string }>).map((pet) => pet.name);
    expect(await names('')).toEqual(['A', 'B', 'C']);
    expect(await names('?limit=2')).toEqual(['A', 'B']);
    expect(await names('?limit=2&offset=2')).toEqual(['C']);
  });
});
