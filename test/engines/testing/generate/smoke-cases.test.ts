import { describe, expect, it } from 'vitest';
import type { SpecOperation } from '../../../../src/engines/spec/spec-format.js';
import { smokeCases } from '../../../../src/engines/testing/generate/smoke-cases.js';
import { ingestedSpec } from './generation-fixtures.js';

function get(path: string, id: string, parameters: SpecOperation['parameters'] = []): SpecOperation {
  return { id, method: 'GET', path, tags: [], parameters, responses: { '200': { description: 'OK' } }, security: [] };
}

describe('smokeCases', () => {
  it('sends every GET without required parameters, plus a GET /health outside the spec when it has none', async () => {
    const petstore = await ingestedSpec('petstore-3.0.yaml');
    expect(smokeCases(petstore.operations)).toEqual([
      {
        id: 'listPets/smoke/no-parameters',
        name: 'GET /pets',
        kind: 'smoke',
        operationId: 'listPets',
        tags: ['pets'],
        request: { method: 'GET', path: '/pets', headers: { Accept: 'application/json' } },
      },
      { id: 'health-probe', name: 'GET /health (health probe)', kind: 'smoke', tags: [], request: { method: 'GET', path: '/health' } },
    ]);
  });

  it("probes the spec's own health endpoint when it has one", async () => {
    const crud = await ingestedSpec('generate-crud-3.0.yaml');
    const cases = smokeCases(crud.operations);
    expect(cases.map((testCase) => testCase.id)).toEqual(['health/smoke/no-parameters', 'listPets/smoke/no-parameters', 'health-probe']);
    expect(cases[2]).toEqual({
      id: 'health-probe',
      name: 'GET /health (health probe)',
      kind: 'smoke',
      operationId: 'health',
      tags: [],
      request: { method: 'GET', path: '/health' },
    });
  });

  it('prefers /health, then /healthz, /status and /ping', () => {
    const probe = (operations: SpecOperation[]) => smokeCases(operations).find((testCase) => testCase.id === 'health-probe')?.request.path;
    expect(probe([get('/ping', 'ping'), get('/status/', 'status'), get('/healthz', 'healthz')])).toBe('/healthz');
    expect(probe([get('/ping', 'ping'), get('/status/', 'status')])).toBe('/status/');
    expect(probe([get('/ping', 'ping')])).toBe('/ping');
    expect(smokeCases([])).toEqual([
      { id: 'health-probe', name: 'GET /health (health probe)', kind: 'smoke', tags: [], request: { method: 'GET', path: '/health' } },
    ]);
  });

  it('skips operations with a required parameter of any kind', () => {
    const cases = smokeCases([
      get('/items/{id}', 'getItem', [{ name: 'id', in: 'path', required: true }]),
      get('/search', 'search', [{ name: 'q', in: 'query', required: true }]),
      get('/me', 'me', [{ name: 'X-Token', in: 'header', required: true }]),
      get('/items', 'listItems', [{ name: 'page', in: 'query', required: false }]),
      { ...get('/items', 'createItem'), method: 'POST' },
    ]);
    expect(cases.map((testCase) => testCase.id)).toEqual(['listItems/smoke/no-parameters', 'health-probe']);
    expect(cases[0]!.request).toEqual({ method: 'GET', path: '/items' });
  });
});
