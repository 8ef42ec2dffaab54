import { describe, expect, it } from 'vitest';
import { PROBE_CAPS } from '../../../../../../src/capabilities/scan/engine/checks/undocumented-endpoints/probe-caps.js';
import { undocumentedMethods } from '../../../../../../src/capabilities/scan/engine/checks/undocumented-endpoints/undocumented-methods.js';
import type { SpecOperation } from '../../../../../../src/engines/spec/spec-format.js';

function operation(method: string, path: string): SpecOperation {
  return { id: `${method} ${path}`, method, path, tags: [], parameters: [], responses: {}, security: [] };
}

const OPERATIONS = [
  operation('GET', '/products'),
  operation('GET', '/products/{id}'),
  operation('POST', '/orders'),
  operation('GET', '/orders/{orderId}'),
  operation('PATCH', '/orders/{orderId}'),
  operation('POST', '/auth/login'),
  operation('GET', '/orders/{orderId}/cancel'),
];

/** Every path parameter takes 7, as a valid request would give it. */
const validRequest = ({ method, path }: SpecOperation) => ({
  method,
  path,
  pathParams: Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, 7])),
});

const probes = (allowDestructive: boolean, operations = OPERATIONS) =>
  undocumentedMethods(operations, validRequest, allowDestructive).map(({ request }) => `${request.method} ${request.path}`);

describe('undocumentedMethods', () => {
  it('sends a write to a read-only object first, then to a read-only collection, then a read of a write-only path, then other writes, then HEAD and OPTIONS, equals in the order of the spec', () => {
    expect(probes(false)).toEqual([
      'PATCH /products/{id}',
      'POST /products/{id}',
      'PATCH /products',
      'POST /products',
      'GET /orders',
      'GET /auth/login',
      'PATCH /orders',
      'POST /orders/{orderId}',
      'OPTIONS /products',
      'OPTIONS /products/{id}',
      'HEAD /orders',
      'OPTIONS /orders',
      'OPTIONS /orders/{orderId}',
      'HEAD /auth/login',
      'OPTIONS /auth/login',
      'OPTIONS /orders/{orderId}/cancel',
    ]);
  });

  it('sends PUT and DELETE only with allowDestructive, DELETE last', () => {
    expect(probes(false).filter((probe) => /^(PUT|DELETE) /.test(probe))).toEqual([]);
    const destructive = probes(true);
    expect(destructive.slice(0, 3)).toEqual(['PATCH /products/{id}', 'PUT /products/{id}', 'POST /products/{id}']);
    expect(destructive.filter((probe) => probe.startsWith('DELETE '))).toEqual([
      'DELETE /products',
      'DELETE /products/{id}',
      'DELETE /orders',
      'DELETE /orders/{orderId}',
    ]);
    expect(destructive.at(-1)).toBe('DELETE /orders/{orderId}');
  });

  it('writes nothing to a path that logs in or cancels, and goes with an empty object and the path values of a valid request', () => {
    expect(probes(true).filter((probe) => /^(POST|PUT|PATCH|DELETE) \/(auth|orders\/\{orderId\}\/cancel)/.test(probe))).toEqual([]);
    const [first] = undocumentedMethods(OPERATIONS, validRequest, false);
    expect(first).toEqual({
      path: '/products/{id}',
      documented: ['GET'],
      request: { method: 'PATCH', path: '/products/{id}', pathParams: { id: 7 }, body: {} },
    });
    const reads = undocumentedMethods(OPERATIONS, validRequest, false).filter(({ request }) => ['GET', 'HEAD', 'OPTIONS'].includes(request.method));
    for (const { request } of reads) expect(request).not.toHaveProperty('body');
  });

  it('leaves out a path whose parameters no valid request fills', () => {
    const candidates = undocumentedMethods([operation('GET', '/files/{name}')], () => undefined, false);
    expect(candidates).toEqual([]);
  });

  it('stops at its cap', () => {
    const many = Array.from({ length: 30 }, (_, index) => operation('GET', `/resources${index}/{id}`));
    expect(probes(true, many)).toHaveLength(PROBE_CAPS.methodProbes);
    expect(probes(true, many).every((probe) => /^(PATCH|PUT|POST) /.test(probe))).toBe(true);
  });
});
