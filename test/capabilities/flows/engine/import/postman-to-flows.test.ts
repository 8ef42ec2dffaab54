import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseFlow } from '../../../../../src/engines/flow-files/parse-flow.js';
import { FlowImportError, postmanToFlows } from '../../../../../src/capabilities/flows/engine/import/postman-to-flows.js';
import { postmanStatusTests } from '../../../../../src/capabilities/flows/engine/import/postman-status-tests.js';
import { writeImportedFlows } from '../../../../../src/capabilities/flows/engine/import/write-imported-flows.js';

const COLLECTION = JSON.parse(await readFile(new URL('./shop-collection.json', import.meta.url), 'utf8')) as Record<string, unknown>;
let folder: string | undefined;
afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
  folder = undefined;
});

const testsOf = (...exec: string[]) => postmanStatusTests({ event: [{ listen: 'test', script: { exec } }] });

describe('postmanStatusTests', () => {
  it('maps each form of a status test to a status code', () => {
    expect(testsOf('pm.test("ok", () => { pm.response.to.have.status(200); });')).toEqual({ statusCode: 200, notConverted: [] });
    expect(testsOf('pm.test("made", function () {', '  pm.expect(pm.response.code).to.eql(201);', '});').statusCode).toBe(201);
    expect(testsOf('pm.test("ok", () => pm.response.to.be.ok);').statusCode).toBe(200);
    expect(testsOf('tests["gone"] = responseCode.code === 204;').statusCode).toBe(204);
  });

  it('names the tests that check something else', () => {
    expect(testsOf('pm.test("has id", () => { pm.expect(pm.response.json().id).to.exist; });')).toEqual({ notConverted: ['has id'] });
  });
});

describe('postmanToFlows', () => {
  it('makes a flow per folder and one for the top-level requests, with the collection variables', () => {
    const flows = postmanToFlows(COLLECTION, 'shop.json');
    expect(flows.map(({ flow }) => flow.name)).toEqual(['Shop API', 'Orders']);
    const [top, orders] = flows;
    expect(top!.flow.vars).toEqual({ baseUrl: 'http://localhost:3000', sku: 'A-1' });
    expect(top!.flow.steps).toEqual([
      {
        name: 'health',
        request: { method: 'GET', url: '{{baseUrl}}/health', headers: { Authorization: 'Bearer {{token}}' } },
        assertions: { status_code: 200 },
      },
    ]);
    expect(orders!.flow.steps).toEqual([
      {
        name: 'create order',
        request: {
          method: 'POST',
          url: '{{baseUrl}}/orders',
          headers: { 'X-Trace': 'import-test', Authorization: 'Bearer {{token}}' },
          query: { dry: '{{dry}}' },
          body: { sku: '{{sku}}', qty: 2 },
        },
        assertions: { status_code: 201 },
      },
      {
        name: 'get order',
        request: { method: 'GET', url: '{{baseUrl}}/orders/{{id}}', headers: { Authorization: 'Bearer {{token}}' } },
        assertions: { status_code: 200 },
      },
    ]);
    expect(orders!.notes).toEqual(['create order: not converted: test "has an id"']);
  });

  it('puts an {{env:…}} placeholder where a credential was written as is', () => {
    const collection = {
      ...COLLECTION,
      auth: {
        type: 'apikey',
        apikey: [
          { key: 'key', value: 'X-Api-Key' },
          { key: 'value', value: 'abc123' },
        ],
      },
    };
    const [top] = postmanToFlows(collection, 'shop.json');
    const step = top!.flow.steps[0] as { request: { headers: Record<string, string> } };
    expect(step.request.headers['X-Api-Key']).toBe('{{env:X_API_KEY}}');
    expect(JSON.stringify(top)).not.toContain('abc123');
  });

  it('refuses what is not a collection', () => {
    expect(() => postmanToFlows({ openapi: '3.0.0' }, 'api.json')).toThrow(FlowImportError);
  });
});

describe('writeImportedFlows', () => {
  it('writes valid YAML with the notes as comments, never over an existing flow', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'flow-import-'));
    await writeFile(path.join(folder, 'orders.yaml'), 'steps: []\n');
    const written = await writeImportedFlows(postmanToFlows(COLLECTION, 'shop.json'), folder);
    expect(written.map(({ file, name, renamedFrom }) => [path.basename(file), name, renamedFrom])).toEqual([
      ['shop-api.yaml', 'Shop API', undefined],
      ['orders-2.yaml', 'orders-2', 'Orders'],
    ]);
    expect(await readFile(path.join(folder, 'orders.yaml'), 'utf8')).toBe('steps: []\n');
    const text = await readFile(written[1]!.file, 'utf8');
    expect(text).toMatch(/^# create order: not converted: test "has an id"\nname: orders-2\n/);
    const flow = await parseFlow(text, 'orders-2.yaml');
    expect(flow.steps).toHaveLength(2);
    expect(flow.name).toBe('orders-2');
    expect((await readdir(folder)).sort()).toEqual(['orders-2.yaml', 'orders.yaml', 'shop-api.yaml']);
  });

  it('names each further copy after its own file: users-2, users-3', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'flow-import-'));
    const users = { flow: { steps: [{ request: { url: 'http://api.test/users' } }] }, notes: [] };
    const names = [];
    for (let run = 0; run < 3; run += 1)
      names.push(...(await writeImportedFlows([{ ...users, flow: { name: 'users', ...users.flow } }], folder)).map(({ name }) => name));
    expect(names).toEqual(['users', 'users-2', 'users-3']);
    const unnamed = await writeImportedFlows([users, users], folder);
    expect(unnamed.map(({ file, name }) => [path.basename(file), name])).toEqual([
      ['flow.yaml', 'flow'],
      ['flow-2.yaml', 'flow-2'],
    ]);
    expect(await readFile(unnamed[1]!.file, 'utf8')).toMatch(/^name: flow-2\nsteps:/);
  });
});
