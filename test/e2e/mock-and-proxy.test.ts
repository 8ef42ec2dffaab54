// `falcon mock` and `falcon proxy` as the built binary: a client against the mock, and the proxy
// in front of an API with planted mismatches and in front of its conforming twin.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FalconSpec } from '../../src/engines/spec/spec-format.js';
import { loadSpecUnderTest } from '../../src/engines/testing/load-test-spec.js';
import { SpecSchemaValidator } from '../../src/engines/testing/spec-schema/spec-schema-validator.js';
import type { SpecServer } from '../apis/loopback-server.js';
import { PLANTED_MISMATCHES, PROXIED_NOTES_SPEC_FILE, startProxiedNotesApi, VALID_TRAFFIC } from '../apis/proxied-notes-api.js';
import { createSandbox, runFalcon, type Sandbox, startFalcon } from '../support/falcon-binary.js';
import { until } from '../support/patience.js';

const EXAMPLE_SPEC = fileURLToPath(new URL('../../examples/petstore.yaml', import.meta.url));
const TOKEN = 'note-token-7f3a9c2e';

let sandbox: Sandbox;
let petstore: FalconSpec;
let validator: SpecSchemaValidator;
let api: SpecServer | undefined;
const started: Array<ReturnType<typeof startFalcon>> = [];

beforeAll(async () => {
  sandbox = await createSandbox();
  petstore = (await loadSpecUnderTest(EXAMPLE_SPEC, sandbox.project, new AbortController().signal))!.spec;
  validator = await SpecSchemaValidator.load();
});
afterEach(async () => {
  for (const { child } of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await api?.close();
  api = undefined;
});
afterAll(async () => {
  await sandbox.cleanup();
});

/** Starts `falcon <args>` and waits for the URL it says it listens on. */
async function listening(args: string[]) {
  const falcon = startFalcon(args, { cwd: sandbox.project, env: sandbox.env() });
  started.push(falcon);
  let out = '';
  falcon.child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  falcon.child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  await until(() => /Listening on http:\/\/\S+/.test(out), `falcon ${args[0]} to listen (it said: ${out})`);
  return { ...falcon, url: /Listening on (http:\/\/\S+)/.exec(out)![1]!, output: () => out };
}

function valid(operationId: string, status: string, body: unknown): string[] {
  const schema = petstore.operations.find((operation) => operation.id === operationId)!.responses[status]!.content!['application/json']!.schema!;
  return validator.violations(schema, { exact: body, plain: body }, 'response');
}

const sendJson = (url: string, method: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method, headers: { 'content-type': 'application/json', ...headers }, body });

describe('falcon mock', () => {
  it('answers with examples and generated values that validate, refuses invalid requests naming the problem, and logs each', async () => {
    const mock = await listening(['mock', EXAMPLE_SPEC, '--port', '0', '--seed', '3']);
    expect(mock.output()).toContain('Mocking Swagger Petstore (5 operations) from');

    const example = await fetch(`${mock.url}/pets/1`, { headers: { prefer: 'example=cat' } });
    expect(example.status).toBe(200);
    expect(await example.json()).toEqual({ id: 1, name: 'Tom', tag: 'cat' });
    const generated = await sendJson(`${mock.url}/pets/9`, 'PATCH', '{"tag":"dog"}');
    expect(generated.status).toBe(200);
    expect(valid('updatePet', '200', await generated.json())).toEqual([]);
    const notFound = await fetch(`${mock.url}/pets/1`, { headers: { prefer: 'code=404' } });
    expect(notFound.status).toBe(404);
    expect(valid('showPetById', '404', await notFound.json())).toEqual([]);

    const refused = await sendJson(`${mock.url}/pets`, 'POST', '{"name":""}');
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ code: 422, message: 'body.name: must NOT have fewer than 1 characters, got ""' });
    expect((await fetch(`${mock.url}/pets?limit=zero`)).status).toBe(400);
    expect((await sendJson(`${mock.url}/pets`, 'POST', 'name=Tom', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await fetch(`${mock.url}/pets`, { method: 'DELETE' })).status).toBe(405);
    expect((await fetch(`${mock.url}/owners`)).status).toBe(404);

    await until(() => mock.output().includes('GET /owners 404'), 'the log line of the last request');
    expect(mock.output()).toContain('POST /pets 422 createPet: body.name: must NOT have fewer than 1 characters, got ""');
    expect(mock.output()).toContain('GET /pets?limit=zero 400 listPets: query limit: must be integer, got "zero"');
    expect(mock.output()).toContain('DELETE /pets 405: DELETE is not documented for /pets (allowed: GET, POST)');
    mock.child.kill('SIGTERM');
    expect((await mock.result).code).toBe(0);
  });

  it('keeps what is created with --stateful: read, changed, deleted, then 404, and listed a page at a time', async () => {
    const mock = await listening(['mock', EXAMPLE_SPEC, '--port', '0', '--stateful']);
    for (const name of ['Tom', 'Rex', 'Kit']) expect((await sendJson(`${mock.url}/pets`, 'POST', JSON.stringify({ name }))).status).toBe(201);
    expect(await (await fetch(`${mock.url}/pets/2`)).json()).toEqual({ id: 2, name: 'Rex' });
    expect(await (await sendJson(`${mock.url}/pets/2`, 'PATCH', '{"tag":"dog"}')).json()).toMatchObject({ id: 2, tag: 'dog' });
    expect((await fetch(`${mock.url}/pets/2`, { method: 'DELETE' })).status).toBe(204);
    expect((await fetch(`${mock.url}/pets/2`)).status).toBe(404);
    const page = (await (await fetch(`${mock.url}/pets?limit=1&offset=1`)).json()) as Array<{ name: string }>;
    expect(page.map((pet) => pet.name)).toEqual(['Kit']);
  });

  it('delays every answer by --latency and answers a 5xx to valid requests with --errors', async () => {
    const slow = await listening(['mock', EXAMPLE_SPEC, '--port', '0', '--latency', '300ms']);
    const sent = performance.now();
    expect((await fetch(`${slow.url}/pets`)).status).toBe(200);
    expect(performance.now() - sent).toBeGreaterThanOrEqual(300);
    const failing = await listening(['mock', EXAMPLE_SPEC, '--port', '0', '--errors', '1']);
    expect((await fetch(`${failing.url}/pets`)).status).toBe(500);
    // An invalid request is still refused for what it is.
    expect((await fetch(`${failing.url}/pets?limit=0`)).status).toBe(400);
    await until(() => failing.output().includes('GET /pets?limit=0 400'), 'the log line of the refused request');
    expect(failing.output()).toContain('GET /pets 500 listPets: an error injected by --errors');
  });

  it('says why it cannot listen on a port in use', async () => {
    const mock = await listening(['mock', EXAMPLE_SPEC, '--port', '0']);
    const port = new URL(mock.url).port;
    const second = startFalcon(['mock', EXAMPLE_SPEC, '--port', port], { cwd: sandbox.project, env: sandbox.env() });
    const result = await second.result;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`falcon: cannot listen on 127.0.0.1:${port} (EADDRINUSE)`);
  });
});

describe('the other engines against the mock', () => {
  it('runs a flow that creates, reads and deletes a pet in the stateful mock, and loads it with falcon perf', async () => {
    const mock = await listening(['mock', EXAMPLE_SPEC, '--port', '0', '--stateful']);
    await mkdir(path.join(sandbox.project, '.falcon', 'flows'), { recursive: true });
    await writeFile(
      path.join(sandbox.project, '.falcon', 'flows', 'pet-life.yaml'),
      `steps:
  - name: create
    request: {method: POST, url: "${mock.url}/pets", body: {name: Ada, tag: owl}}
    assertions: {status_code: 201, json_path: {"$.name": Ada}}
    extract: {pet: "$.id"}
  - name: read
    request: {method: GET, url: "${mock.url}/pets/{{pet}}"}
    assertions: {status_code: 200, json_path: {"$.tag": owl}}
  - name: delete
    request: {method: DELETE, url: "${mock.url}/pets/{{pet}}"}
    assertions: {status_code: 204}
  - name: gone
    request: {method: GET, url: "${mock.url}/pets/{{pet}}"}
    assertions: {status_code: 404}
`,
    );
    const flow = await runFalcon(['flow', 'run', 'pet-life'], { cwd: sandbox.project, env: sandbox.env() });
    expect(flow.stderr).toBe('');
    expect(flow.code).toBe(0);
    expect(flow.stdout).toContain('pet-life: passed, 4 passed, 0 failed');

    const perf = await runFalcon(['perf', `${mock.url}/pets`, '--requests', '200', '-c', '4', '--json', 'perf.json'], {
      cwd: sandbox.project,
      env: sandbox.env(),
    });
    expect(perf.code).toBe(0);
    const report = JSON.parse(await readFile(path.join(sandbox.project, 'perf.json'), 'utf8')) as { requests: { total: number; ok: number } };
    expect(report.requests).toMatchObject({ total: 200, ok: 200 });
  });
});

describe('falcon proxy', () => {
  async function proxyRun(conforming: boolean, extraArgs: string[] = []) {
    api = await startProxiedNotesApi({ conforming });
    const report = path.join(sandbox.project, `proxy-${conforming ? 'twin' : 'api'}.json`);
    const proxy = await listening(['proxy', PROXIED_NOTES_SPEC_FILE, '--target', api.url, '--port', '0', '--report', report, ...extraArgs]);
    for (const request of VALID_TRAFFIC) {
      await (
        await fetch(`${proxy.url}${request.path}`, { method: request.method, headers: request.headers ?? {}, ...(request.body && { body: request.body }) })
      ).arrayBuffer();
    }
    return { proxy, report };
  }

  it('prints each planted mismatch as it happens and reports them all when it ends', async () => {
    const { proxy, report } = await proxyRun(false, ['--fail-on-mismatch']);
    await until(() => (proxy.output().match(/^✗ /gm) ?? []).length === PLANTED_MISMATCHES.length, 'a line per planted mismatch');
    expect(proxy.output()).toContain('✗ GET /notes 200 response_schema_conformance: $[0].title: must be string, got 42');
    proxy.child.kill('SIGTERM');
    const result = await proxy.result;
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('6 requests, 5 mismatches');
    const written = JSON.parse(await readFile(report, 'utf8')) as { mismatches: Array<{ operationId: string; check: string }> };
    expect(written.mismatches.map(({ operationId, check }) => ({ operationId, check }))).toEqual(expect.arrayContaining([...PLANTED_MISMATCHES]));
    expect(written.mismatches).toHaveLength(PLANTED_MISMATCHES.length);
  });

  it('reports none on the conforming twin, and masks the secrets of the headers it saw', async () => {
    const { proxy, report } = await proxyRun(true, ['--fail-on-mismatch']);
    await (await fetch(`${proxy.url}/admin/${TOKEN}`, { headers: { authorization: `Bearer ${TOKEN}` } })).arrayBuffer();
    await until(() => proxy.output().includes('undocumented_operation'), 'the undocumented request reported');
    proxy.child.kill('SIGINT');
    const result = await proxy.result;
    const written = await readFile(report, 'utf8');
    expect(JSON.parse(written)).toMatchObject({ exchanges: 7, mismatches: [{ check: 'undocumented_operation', path: '/admin/[masked:authorization]' }] });
    expect(result.stdout + written).not.toContain(TOKEN);
    expect(result.code).toBe(1);
  });

  it('writes the report as Markdown or HTML by its extension', async () => {
    api = await startProxiedNotesApi({ conforming: false });
    const markdown = path.join(sandbox.project, 'proxy.md');
    const proxy = await listening(['proxy', PROXIED_NOTES_SPEC_FILE, '--target', api.url, '--port', '0', '--report', markdown]);
    await (await fetch(`${proxy.url}/notes`)).arrayBuffer();
    await until(() => proxy.output().includes('response_schema_conformance'), 'the mismatch printed');
    proxy.child.kill('SIGTERM');
    expect((await proxy.result).code).toBe(0);
    const text = await readFile(markdown, 'utf8');
    expect(text).toContain('# Proxy report: Notes 1.0.0');
    expect(text).toContain('| response_schema_conformance | $[0].title: must be string, got 42 |');
  });
});
