import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecResponse } from '../../../../src/engines/spec/spec-format.js';
import { runCases } from '../../../../src/engines/testing/run/run-cases.js';
import { type ScriptedApi, startScriptedApi } from '../../../apis/scripted-api.js';
import { getCase, getOperation, jsonResponse, specOf } from './spec-fixture.js';

let api: ScriptedApi;

beforeAll(async () => {
  api = await startScriptedApi({
    'GET /good': { body: [], headers: { 'X-Rate-Limit': '100', 'X-Request-Id': '0b6f3c1e-8d2a-4f59-9e47-2a1c5d7e9f10', 'X-Cached': 'true' } },
    'GET /missing': { body: [], headers: { 'X-Request-Id': '0b6f3c1e-8d2a-4f59-9e47-2a1c5d7e9f10' } },
    'GET /wrong': { body: [], headers: { 'X-Rate-Limit': 'many', 'X-Request-Id': 'abc', 'X-Cached': 'maybe' } },
    'GET /optional-absent': { body: [], headers: { 'X-Rate-Limit': '5' } },
  });
});
afterAll(() => api.close());

const listResponse: SpecResponse = jsonResponse(
  { type: 'array' },
  {
    'X-Rate-Limit': { required: true, schema: { type: 'integer', minimum: 1 } },
    'X-Request-Id': { required: false, schema: { type: 'string', format: 'uuid' } },
    'X-Cached': { required: false, schema: { type: 'boolean' } },
    'X-Trace': { required: false, schema: { type: 'array', items: { type: 'string' } } },
    'Content-Type': { required: true, schema: { type: 'string' } },
  },
);
const spec = specOf([getOperation('listPets', '/pets', { '200': listResponse })]);
const run = (path: string) => runCases([getCase(path, path, 'listPets')], { baseUrl: api.url, spec, checks: ['response_headers_conformance'] });

describe('response_headers_conformance', () => {
  it('fires when a required header is missing', async () => {
    const { results } = await run('/missing');
    expect(results[0]?.findings).toEqual([
      { kind: 'response_headers_conformance', message: 'required header X-Rate-Limit is missing (documented for listPets 200)' },
    ]);
  });

  it('fires when a documented header does not match its simple schema', async () => {
    const { results } = await run('/wrong');
    expect(results[0]?.findings.map((finding) => finding.message)).toEqual([
      'header X-Rate-Limit: must be integer, got "many" (documented for listPets 200)',
      'header X-Request-Id: must match format "uuid", got "abc" (documented for listPets 200)',
      'header X-Cached: must be boolean, got "maybe" (documented for listPets 200)',
    ]);
  });

  it('is quiet when the headers are there and right, or optional and absent', async () => {
    expect((await run('/good')).results[0]).toMatchObject({ outcome: 'passed', findings: [] });
    expect((await run('/optional-absent')).results[0]).toMatchObject({ outcome: 'passed', findings: [] });
  });
});
