import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCases } from '../../../../src/engines/testing/run/run-cases.js';
import { type ScriptedApi, startScriptedApi } from '../../../apis/scripted-api.js';
import { getCase } from './spec-fixture.js';

let api: ScriptedApi;

beforeAll(async () => {
  api = await startScriptedApi({
    'GET /boom': { status: 500, body: { error: 'database down', token: 'abcdef0123456789secret' } },
    'GET /unavailable': { status: 503, body: '' },
    'GET /ok': { status: 200, body: { ok: true } },
    'GET /missing': { status: 404, body: { error: 'not found' } },
  });
});
afterAll(() => api.close());

describe('not_a_server_error', () => {
  it('fires on any 5xx, with the status and the start of the body (secrets masked)', async () => {
    const run = await runCases([getCase('boom', '/boom'), getCase('unavailable', '/unavailable')], { baseUrl: api.url });
    expect(run.results.map((result) => [result.outcome, result.findings])).toEqual([
      ['failed', [{ kind: 'not_a_server_error', message: 'server error 500 Internal Server Error: {"error":"database down","token":"[masked]"}' }]],
      ['failed', [{ kind: 'not_a_server_error', message: 'server error 503 Service Unavailable' }]],
    ]);
  });

  it('does not fire on 2xx or 4xx answers', async () => {
    const run = await runCases([getCase('ok', '/ok'), getCase('missing', '/missing')], { baseUrl: api.url });
    expect(run.results.map((result) => [result.outcome, result.findings])).toEqual([
      ['passed', []],
      ['passed', []],
    ]);
  });

  it('is not made when the run leaves it out', async () => {
    const run = await runCases([getCase('boom', '/boom')], { baseUrl: api.url, checks: ['max_response_time'] });
    expect(run.results[0]).toMatchObject({ outcome: 'passed', findings: [] });
    expect(run.checks).toEqual([]);
  });
});
