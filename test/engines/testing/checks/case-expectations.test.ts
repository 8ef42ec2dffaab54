import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCases } from '../../../../src/engines/testing/run/run-cases.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import { type ScriptedApi, startScriptedApi } from '../../../apis/scripted-api.js';
import { useSkippingClock } from '../../../support/skipping-clock.js';
import { getCase, getOperation, jsonResponse, specOf } from './spec-fixture.js';

let api: ScriptedApi;
/** The slow route's 300 ms move the clock the run times answers with on; nobody waits for them. */
const clock = useSkippingClock();

beforeAll(async () => {
  api = await startScriptedApi({
    'POST /lenient': { status: 201, body: { id: 1 } },
    'POST /strict': { status: 400, body: { error: 'name is required' } },
    'GET /slow': async () => {
      await clock.sleep(300);
      return { status: 200, body: { ok: true } };
    },
    'GET /fast': { status: 200, body: { ok: true } },
  });
});
afterAll(() => api.close());

const negative = (path: string, mutation?: string): TestCase => ({
  id: `createPet/negative${path}`,
  name: `POST ${path} without required "name"`,
  kind: 'negative',
  operationId: 'createPet',
  tags: [],
  request: { method: 'POST', path, body: {} },
  expectRejection: true,
  ...(mutation && { mutation }),
});

describe('negative_data_rejection', () => {
  it('fires when invalid input is accepted with a 2xx, saying what was invalid', async () => {
    const run = await runCases([negative('/lenient', 'body.name missing, required'), negative('/lenient')], { baseUrl: api.url });
    expect(run.results.map((result) => result.findings)).toEqual([
      [{ kind: 'negative_data_rejection', message: 'accepted invalid input (body.name missing, required) with 201' }],
      [{ kind: 'negative_data_rejection', message: 'accepted invalid input with 201' }],
    ]);
  });

  it('names a near miss by its kind and value when it is accepted', async () => {
    const nearMiss = { ...negative('/lenient', 'body field "email" set to "a@b", an email without TLD'), nearMiss: "email without TLD 'a@b'" };
    const run = await runCases([nearMiss, { ...nearMiss, id: 'strict', request: { ...nearMiss.request, path: '/strict' } }], { baseUrl: api.url });
    expect(run.results.map((result) => result.findings)).toEqual([
      [{ kind: 'negative_data_rejection', message: "email without TLD 'a@b' was accepted (201)" }],
      [],
    ]);
  });

  it('is quiet when the input is rejected, and for cases that expect no rejection', async () => {
    const positive: TestCase = { ...negative('/lenient'), id: 'createPet/happy', expectRejection: false };
    const run = await runCases([negative('/strict', 'body.name missing, required'), positive], { baseUrl: api.url });
    expect(run.results.map((result) => [result.outcome, result.findings])).toEqual([
      ['passed', []],
      ['passed', []],
    ]);
  });
});

describe('max_response_time', () => {
  it('fires only over the limit the run sets', async () => {
    const cases = [getCase('slow', '/slow'), getCase('fast', '/fast')];
    // One at a time: the clock's jump is seen by every request in flight.
    const limited = await runCases(cases, { baseUrl: api.url, maxResponseTimeMs: 100, concurrency: 1 });
    expect(limited.checks).toContain('max_response_time');
    expect(limited.results[0]?.findings).toEqual([
      { kind: 'max_response_time', message: expect.stringMatching(/^response took (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?), over the 100 ms limit$/) },
    ]);
    expect(limited.results[1]?.findings).toEqual([]);

    const generous = await runCases(cases, { baseUrl: api.url, maxResponseTimeMs: 20_000 });
    expect(generous.results.map((result) => result.findings)).toEqual([[], []]);
    const unlimited = await runCases(cases, { baseUrl: api.url });
    expect(unlimited.checks).not.toContain('max_response_time');
    expect(unlimited.results.map((result) => result.findings)).toEqual([[], []]);
  });
});

describe('expected_status', () => {
  it('fires when the status is not one the case expects, and is quiet when it is', async () => {
    const run = await runCases(
      [getCase('wrong', '/fast', undefined, { expectStatus: [404] }), getCase('right', '/fast', undefined, { expectStatus: [200, 204] })],
      { baseUrl: api.url },
    );
    expect(run.results.map((result) => result.findings)).toEqual([[{ kind: 'expected_status', message: 'status 200, expected 404' }], []]);
  });
});

describe('cases without an operation', () => {
  it('get only the checks that need no spec, even when the run has one', async () => {
    const spec = specOf([getOperation('getFast', '/fast', { '404': jsonResponse({ type: 'string' }) })]);
    const run = await runCases([getCase('loose', '/fast'), getCase('bound', '/fast', 'getFast')], { baseUrl: api.url, spec });
    expect(run.results.map((result) => result.findings.map((finding) => finding.kind))).toEqual([[], ['status_code_conformance']]);
  });
});
