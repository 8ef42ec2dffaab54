import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecOperation } from '../../../../src/engines/spec/spec-format.js';
import { runCases } from '../../../../src/engines/testing/run/run-cases.js';
import { type ScriptedApi, startScriptedApi } from '../../../apis/scripted-api.js';
import { getCase, getOperation, jsonResponse, specOf } from './spec-fixture.js';

let api: ScriptedApi;

beforeAll(async () => {
  api = await startScriptedApi({
    'GET /html': { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<h1>Welcome</h1>' },
    'GET /json-upper': { status: 200, headers: { 'content-type': 'Application/JSON; charset=UTF-8' }, body: '{"id": 1}' },
    'GET /problem': { status: 400, headers: { 'content-type': 'application/problem+json' }, body: '{"title": "bad"}' },
    'GET /no-type': { status: 200, body: '{"id": 1}' },
    'GET /empty': { status: 204 },
    'GET /text': { status: 200, headers: { 'content-type': 'text/plain' }, body: 'hello' },
  });
});
afterAll(() => api.close());

const operations: SpecOperation[] = [
  getOperation('getJson', '/x', { '200': jsonResponse(), '204': { description: 'nothing', content: { 'application/json': {} } } }),
  getOperation('getProblem', '/x', { '400': { description: 'problem', content: { 'application/*': {} } } }),
  getOperation('getAnything', '/x', { '200': { description: 'any', content: { '*/*': {} } } }),
  getOperation('getUntyped', '/x', { '200': { description: 'no content documented' } }),
];
const spec = specOf(operations);

describe('content_type_conformance', () => {
  it('fires on a media type the documented response does not list, and on a body with no content-type', async () => {
    const run = await runCases([getCase('html', '/html', 'getJson'), getCase('no-type', '/no-type', 'getJson')], {
      baseUrl: api.url,
      spec,
      checks: ['content_type_conformance'],
    });
    expect(run.results.map((result) => result.findings)).toEqual([
      [{ kind: 'content_type_conformance', message: 'content-type text/html is not documented for getJson 200 (documented: application/json)' }],
      [{ kind: 'content_type_conformance', message: 'no content-type header on a 9-character body; getJson 200 documents application/json' }],
    ]);
  });

  it('ignores parameters and case, and accepts ranges such as application/* and */*', async () => {
    const run = await runCases(
      [getCase('upper', '/json-upper', 'getJson'), getCase('problem', '/problem', 'getProblem'), getCase('anything', '/text', 'getAnything')],
      { baseUrl: api.url, spec, checks: ['content_type_conformance'] },
    );
    expect(run.results.map((result) => result.findings)).toEqual([[], [], []]);
  });

  it('accepts an empty 204, and says nothing when the documented response has no content', async () => {
    const run = await runCases([getCase('empty', '/empty', 'getJson'), getCase('untyped', '/html', 'getUntyped')], {
      baseUrl: api.url,
      spec,
      checks: ['content_type_conformance'],
    });
    expect(run.results.map((result) => [result.response?.status, result.findings])).toEqual([
      [204, []],
      [200, []],
    ]);
  });
});
