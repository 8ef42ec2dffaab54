import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCases } from '../../../../src/engines/testing/run/run-cases.js';
import { type ScriptedApi, startScriptedApi } from '../../../apis/scripted-api.js';
import { getCase, getOperation, jsonResponse, specOf } from './spec-fixture.js';

let api: ScriptedApi;

beforeAll(async () => {
  api = await startScriptedApi({
    'GET /teapot': { status: 418, body: { error: 'I am a teapot' } },
    'GET /found': { status: 200, body: { id: 1 } },
    'GET /invalid': { status: 422, body: { error: 'bad' } },
    'GET /redirect': { status: 302, headers: { location: '/found' } },
    'GET /private': { status: 401, body: { error: 'who are you?' } },
  });
});
afterAll(() => api.close());

const spec = specOf([
  getOperation('getPet', '/teapot', { '200': jsonResponse(), '404': { description: 'missing' } }),
  getOperation('getRanged', '/invalid', { '200': jsonResponse(), '4XX': { description: 'client error' } }),
  getOperation('getDefault', '/teapot', { '200': jsonResponse(), default: { description: 'anything else' } }),
  getOperation('getUndocumented', '/teapot', {}),
  getOperation('getFound', '/found', { '200': jsonResponse() }),
  { ...getOperation('getSecret', '/private', { '200': jsonResponse() }), security: [{ bearerAuth: [] }, { apiKey: [] }] },
  { ...getOperation('getMaybeSecret', '/private', { '200': jsonResponse() }), security: [{ bearerAuth: [] }, {}] },
]);

describe('status_code_conformance', () => {
  it('fires on a status the operation does not document, listing what it documents', async () => {
    const run = await runCases([getCase('teapot', '/teapot', 'getPet'), getCase('redirect', '/redirect', 'getFound')], { baseUrl: api.url, spec });
    expect(run.results.map((result) => result.findings)).toEqual([
      [{ kind: 'status_code_conformance', message: 'status 418 is not documented for getPet (documented: 200, 404)' }],
      [{ kind: 'status_code_conformance', message: 'status 302 is not documented for getFound (documented: 200)' }],
    ]);
  });

  it('says an undocumented 401 of an operation that needs auth most likely lacks credentials; not when auth is optional', async () => {
    const run = await runCases([getCase('secret', '/private', 'getSecret'), getCase('maybe', '/private', 'getMaybeSecret')], { baseUrl: api.url, spec });
    expect(run.results.map((result) => result.findings.map((finding) => finding.message))).toEqual([
      [
        'status 401 is not documented for getSecret (documented: 200); the operation needs auth (bearerAuth or apiKey): send its credentials, e.g. a header with a {{VAR}} from the environment',
      ],
      ['status 401 is not documented for getMaybeSecret (documented: 200)'],
    ]);
  });

  it('accepts an exact code, a 4XX-style range and default, and skips operations that document no status', async () => {
    const run = await runCases(
      [
        getCase('found', '/found', 'getFound'),
        getCase('ranged', '/invalid', 'getRanged'),
        getCase('default', '/teapot', 'getDefault'),
        getCase('none', '/teapot', 'getUndocumented'),
      ],
      { baseUrl: api.url, spec },
    );
    expect(run.results.map((result) => [result.case.id, result.outcome, result.findings])).toEqual([
      ['found', 'passed', []],
      ['ranged', 'passed', []],
      ['default', 'passed', []],
      ['none', 'passed', []],
    ]);
  });

  it('still runs for a case with its own expected statuses, which are checked too', async () => {
    const run = await runCases(
      [getCase('expected', '/teapot', 'getPet', { expectStatus: [418] }), getCase('unexpected', '/found', 'getFound', { expectStatus: [201, 202] })],
      { baseUrl: api.url, spec },
    );
    expect(run.results.map((result) => result.findings)).toEqual([
      [{ kind: 'status_code_conformance', message: 'status 418 is not documented for getPet (documented: 200, 404)' }],
      [{ kind: 'expected_status', message: 'status 200, expected one of 201, 202' }],
    ]);
  });

  it('is not made for a case whose operation the spec does not have, nor without a spec', async () => {
    const run = await runCases([getCase('unknown-op', '/teapot', 'noSuchOperation'), getCase('no-op', '/teapot')], { baseUrl: api.url, spec });
    expect(run.results.map((result) => result.findings)).toEqual([[], []]);
    const specless = await runCases([getCase('teapot', '/teapot', 'getPet')], { baseUrl: api.url });
    expect(specless.results[0]?.findings).toEqual([]);
    expect(specless.checks).toEqual([
      'not_a_server_error',
      'negative_data_rejection',
      'positive_data_acceptance',
      'unsupported_method',
      'ignored_auth',
      'use_after_free',
      'ensure_resource_availability',
      'delete_effective',
    ]);
  });
});
