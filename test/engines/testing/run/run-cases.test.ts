import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCases } from '../../../../src/engines/testing/run/run-cases.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import type { CaseResult } from '../../../../src/engines/testing/test-run.js';
import { VariableScope } from '../../../../src/workspace/variable-scope.js';
import { type TempProject, createTempProject } from '../../../tools/temp-project.js';
import { unusedPort } from '../../../apis/http-test-server.js';
import { getCase, getOperation, jsonResponse, specOf } from '../checks/spec-fixture.js';
import { type ScriptedApi, type ScriptedReply, startScriptedApi } from '../../../apis/scripted-api.js';

let api: ScriptedApi;

beforeAll(async () => {
  let nextId = 40;
  api = await startScriptedApi({
    'POST /pets': () => ({ status: 201, body: { id: ++nextId, name: 'Rex' } }),
    'POST /broken-pets': { status: 500, body: { error: 'cannot store pets today' } },
    'POST /anonymous-pets': { status: 201, body: { name: 'Rex' } },
    'GET /pets/*': (request) => ({ status: 200, body: { id: Number(request.url.split('/')[2]), name: 'Rex' } }),
    'DELETE /pets/*': { status: 204 },
    'GET /boom': { status: 500, body: { error: 'boom' } },
  });
});
afterAll(() => api.close());

function step(chainId: string, stepNumber: number, operationId: string, request: TestCase['request'], extra: Partial<TestCase> = {}): TestCase {
  return {
    id: `${chainId}/${stepNumber}`,
    name: `${request.method} ${request.path}`,
    kind: 'stateful',
    operationId,
    tags: [],
    request,
    chain: { id: chainId, step: stepNumber },
    ...extra,
  };
}

const petChain = (chainId: string, createPath = '/pets'): TestCase[] => [
  step(chainId, 1, 'createPet', { method: 'POST', path: createPath, body: { name: 'Rex' } }, { extract: { petId: '$.id' } }),
  step(chainId, 2, 'getPet', { method: 'GET', path: '/pets/{petId}', pathParams: { petId: '{{petId}}' } }),
  step(chainId, 3, 'deletePet', { method: 'DELETE', path: '/pets/{petId}', pathParams: { petId: '{{petId}}' } }),
];

function deferred(): { promise: Promise<void>; resolve(): void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A reply that answers the requests in batches of `size` (the last one smaller). */
function heldUntilBatch(size: number, total: number): () => Promise<ScriptedReply> {
  let waiting: Array<() => void> = [];
  let answered = 0;
  return async () => {
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (waiting.length < Math.min(size, total - answered)) return;
      answered += waiting.length;
      for (const release of waiting) release();
      waiting = [];
    });
    return { body: { ok: true } };
  };
}

const summary = (results: CaseResult[]) =>
  results.map((result) => [result.case.id, result.outcome, result.skipReason ?? result.findings.map((finding) => finding.message).join('; ')]);

describe('runCases', () => {
  it('gives the results in the order of the cases and reports each as it finishes', async () => {
    // The server holds a until c is reported, and c until b is: they finish b, c, a.
    const release = { a: deferred(), c: deferred() };
    const local = await startScriptedApi({
      'GET /gate/a': async () => (await release.a.promise, { body: { id: 'a' } }),
      'GET /gate/b': { body: { id: 'b' } },
      'GET /gate/c': async () => (await release.c.promise, { body: { id: 'c' } }),
    });
    const cases = ['a', 'b', 'c'].map((id) => getCase(id, `/gate/${id}`));
    const seen: Array<[string, number, number]> = [];
    const run = await runCases(cases, {
      baseUrl: local.url,
      onResult: (result, done, total) => {
        seen.push([result.case.id, done, total]);
        if (result.case.id === 'b') release.c.resolve();
        if (result.case.id === 'c') release.a.resolve();
      },
    });
    await local.close();
    expect(run.results.map((result) => result.case.id)).toEqual(['a', 'b', 'c']);
    expect(seen).toEqual([
      ['b', 1, 3],
      ['c', 2, 3],
      ['a', 3, 3],
    ]);
    expect(run.results.map((result) => [result.outcome, result.response?.body])).toEqual([
      ['passed', '{"id":"a"}'],
      ['passed', '{"id":"b"}'],
      ['passed', '{"id":"c"}'],
    ]);
  });

  it('keeps to the concurrency it is given, and uses it', async () => {
    const cases = Array.from({ length: 9 }, (_, index) => getCase(`held-${index}`, `/held/${index}`));
    for (const [concurrency, expected] of [
      [3, 3],
      [1, 1],
      [undefined, 4],
    ] as const) {
      // Each request is held until as many are in flight as the run may send at once.
      const local = await startScriptedApi({ 'GET /held/*': heldUntilBatch(expected, cases.length) });
      const run = await runCases(cases, { baseUrl: local.url, ...(concurrency !== undefined && { concurrency }) });
      expect(run.results.every((result) => result.outcome === 'passed')).toBe(true);
      expect(local.maxInFlight()).toBe(expected);
      await local.close();
    }
  });

  it('sends a DELETE outside a chain only once every other case has its answer', async () => {
    const local = await startScriptedApi({ 'GET /slow/*': { delayMs: 50, body: { ok: true } }, 'DELETE /slow/*': { status: 204 } });
    const remove: TestCase = { ...getCase('delete-1', '/slow/1'), request: { method: 'DELETE', path: '/slow/1' } };
    const reads = Array.from({ length: 5 }, (_, index) => getCase(`read-${index}`, `/slow/${index}`));
    const run = await runCases([remove, ...reads], { baseUrl: local.url, concurrency: 4 });
    expect(run.results.map((result) => result.case.id)).toEqual(['delete-1', 'read-0', 'read-1', 'read-2', 'read-3', 'read-4']);
    expect(local.received.map((request) => request.method)).toEqual(['GET', 'GET', 'GET', 'GET', 'GET', 'DELETE']);
    await local.close();
  });

  it('refuses a concurrency below one', async () => {
    await expect(runCases([], { baseUrl: api.url, concurrency: 0 })).rejects.toThrow('concurrency must be a whole number of at least 1, got 0');
  });

  it('runs the steps of a chain in step order with the values they extract, chains side by side', async () => {
    const first = petChain('first');
    const second = petChain('second');
    // Given out of order: the steps still run 1, 2, 3.
    const cases = [first[2]!, second[0]!, first[0]!, second[1]!, first[1]!, second[2]!];
    const before = api.received.length;
    const run = await runCases(cases, { baseUrl: api.url });
    expect(summary(run.results)).toEqual(cases.map((testCase) => [testCase.id, 'passed', '']));
    const sent = api.received.slice(before).map((request) => `${request.method} ${request.url}`);
    const firstId = JSON.parse(run.results[2]!.response!.body).id as number;
    const secondId = JSON.parse(run.results[1]!.response!.body).id as number;
    expect(sent.filter((line) => line.endsWith(`/${firstId}`))).toEqual([`GET /pets/${firstId}`, `DELETE /pets/${firstId}`]);
    expect(sent.filter((line) => line.endsWith(`/${secondId}`))).toEqual([`GET /pets/${secondId}`, `DELETE /pets/${secondId}`]);
    expect(run.results[4]?.request?.url).toBe(`${api.url}/pets/${firstId}`);
  });

  it('skips the rest of a chain when a step fails, cannot be sent, or gives no value, saying why', async () => {
    const failing = petChain('failing', '/broken-pets');
    const unsendable = [
      step('unsendable', 1, 'getPet', { method: 'GET', path: '/pets/{petId}', pathParams: { petId: '{{nothing}}' } }),
      step('unsendable', 2, 'deletePet', { method: 'DELETE', path: '/pets/1' }),
    ];
    const valueless = petChain('valueless', '/anonymous-pets');
    const before = api.received.length;
    const run = await runCases([...failing, ...unsendable, ...valueless], { baseUrl: api.url });
    expect(summary(run.results)).toEqual([
      ['failing/1', 'failed', 'server error 500 Internal Server Error: {"error":"cannot store pets today"}'],
      ['failing/2', 'skipped', 'step 1 (createPet) failed: server error 500 Internal Server Error: {"error":"cannot store pets today"}'],
      ['failing/3', 'skipped', 'step 1 (createPet) failed: server error 500 Internal Server Error: {"error":"cannot store pets today"}'],
      ['unsendable/1', 'failed', 'unknown variable {{nothing}}: no earlier step of the chain extracted it and the run has no variables'],
      [
        'unsendable/2',
        'skipped',
        'step 1 (getPet) failed: unknown variable {{nothing}}: no earlier step of the chain extracted it and the run has no variables',
      ],
      ['valueless/1', 'passed', ''],
      ['valueless/2', 'skipped', 'step 1 (createPet) gave no value for petId at $.id: Nothing at $.id in the body (its top-level keys: name).'],
      ['valueless/3', 'skipped', 'step 1 (createPet) gave no value for petId at $.id: Nothing at $.id in the body (its top-level keys: name).'],
    ]);
    expect(run.results[3]?.request).toBeUndefined();
    expect(run.results[1]).toMatchObject({ durationMs: 0, findings: [] });
    expect(run.results[1]?.request).toBeUndefined();
    expect(api.received.slice(before).map((request) => `${request.method} ${request.url}`)).toEqual(['POST /broken-pets', 'POST /anonymous-pets']);
  });

  it('stops on cancel: cases not yet answered are skipped as cancelled', async () => {
    const controller = new AbortController();
    const local = await startScriptedApi({ 'GET /held/*': { body: { ok: true }, delayMs: 150 } });
    const cases = Array.from({ length: 8 }, (_, index) => getCase(`held-${index}`, `/held/${index}`));
    const run = await runCases(cases, {
      baseUrl: local.url,
      concurrency: 2,
      signal: controller.signal,
      onResult: (_result, done) => {
        if (done === 1) controller.abort();
      },
    });
    const outcomes = run.results.map((result) => result.outcome);
    expect(outcomes.filter((outcome) => outcome === 'passed').length).toBeGreaterThanOrEqual(1);
    expect(outcomes.filter((outcome) => outcome === 'passed').length).toBeLessThanOrEqual(2);
    expect(
      run.results.filter((result) => result.outcome === 'skipped').every((result) => result.skipReason === 'cancelled' && result.findings.length === 0),
    ).toBe(true);
    expect(outcomes.filter((outcome) => outcome === 'skipped').length).toBe(8 - outcomes.filter((outcome) => outcome === 'passed').length);
    expect(local.received.length).toBeLessThanOrEqual(3);
    await local.close();

    const already = new AbortController();
    already.abort();
    const before = api.received.length;
    const none = await runCases(petChain('never'), { baseUrl: api.url, signal: already.signal });
    expect(summary(none.results)).toEqual([
      ['never/1', 'skipped', 'cancelled'],
      ['never/2', 'skipped', 'cancelled'],
      ['never/3', 'skipped', 'cancelled'],
    ]);
    expect(api.received.length).toBe(before);
  });

  it('makes a refused connection a request_error with no response', async () => {
    const port = await unusedPort();
    const run = await runCases([getCase('refused', '/pets/1', 'getPet')], { baseUrl: `http://127.0.0.1:${port}` });
    expect(run.results[0]).toMatchObject({
      outcome: 'failed',
      findings: [{ kind: 'request_error', message: `could not connect to http://127.0.0.1:${port}: connection refused — is the server running?` }],
      request: { method: 'GET', url: `http://127.0.0.1:${port}/pets/1` },
    });
    expect(run.results[0]?.response).toBeUndefined();
    expect(run.operations).toEqual({ total: 1, covered: 0 });
  });

  it('counts the operations in scope and those a sent case exercised; names the run', async () => {
    const spec = specOf([getOperation('getPet', '/pets/{petId}', { '200': jsonResponse() }), getOperation('boom', '/boom', { '500': jsonResponse() })]);
    const cases = [
      getCase('pet', '/pets/1', 'getPet'),
      getCase('pet-again', '/pets/2', 'getPet'),
      getCase('boom', '/boom', 'boom'),
      { ...getCase('unsent', '/pets/{petId}', 'listPets'), request: { method: 'GET', path: '/pets/{{nope}}' } },
      getCase('no-operation', '/pets/3'),
    ];
    const run = await runCases(cases, { baseUrl: api.url, spec });
    expect(run.title).toBe('Checks 1.0.0');
    expect(run.baseUrl).toBe(api.url);
    expect(run.operations).toEqual({ total: 3, covered: 2 });
    expect(run.checks).toEqual([
      'not_a_server_error',
      'status_code_conformance',
      'content_type_conformance',
      'response_schema_conformance',
      'response_headers_conformance',
      'negative_data_rejection',
      'positive_data_acceptance',
      'unsupported_method',
      'ignored_auth',
      'use_after_free',
      'ensure_resource_availability',
      'pagination_consistency',
      'write_read_consistency',
      'delete_effective',
    ]);
    expect(new Date(run.startedAt).getTime()).not.toBeNaN();
    expect((await runCases(cases, { baseUrl: api.url, spec, operationsInScope: 10, title: 'Nightly' })).operations).toEqual({ total: 10, covered: 2 });
    expect((await runCases([], { baseUrl: api.url })).title).toBe('Test run');
  });
});

describe('runCases with a project', () => {
  let project: TempProject;

  beforeAll(async () => {
    project = await createTempProject();
    await mkdir(path.join(project.root, '.falcon', 'environments'), { recursive: true });
    await writeFile(path.join(project.root, '.falcon', 'environments', 'staging.yaml'), 'API_KEY: "{{env:PETS_KEY}}"\nOWNER: ada\n');
  });
  afterAll(() => project.remove());

  it('fills {{VAR}} in the run headers and the cases from the environment, after the chain values', async () => {
    const variables = new VariableScope(project.root, { PETS_KEY: 'key-from-the-process-0123' }, 'staging');
    const cases = [
      step(
        'owned',
        1,
        'createPet',
        { method: 'POST', path: '/pets', body: { name: 'Rex', owner: '{{OWNER}}' } },
        { extract: { petId: '$.id', OWNER: '$.name' } },
      ),
      step('owned', 2, 'getPet', { method: 'GET', path: '/pets/{petId}', pathParams: { petId: '{{petId}}' }, query: { owner: '{{OWNER}}' } }),
    ];
    const before = api.received.length;
    const run = await runCases(cases, { baseUrl: api.url, headers: { 'x-api-key': '{{API_KEY}}' }, variables });
    expect(run.results.map((result) => result.outcome)).toEqual(['passed', 'passed']);
    const [create, get] = api.received.slice(before);
    expect(create).toMatchObject({ body: '{"name":"Rex","owner":"ada"}', headers: { 'x-api-key': 'key-from-the-process-0123' } });
    expect(get?.url).toMatch(/^\/pets\/\d+\?owner=Rex$/);
    expect(run.results[0]?.request?.headers['x-api-key']).toBe('[masked:PETS_KEY]');
  });
});
