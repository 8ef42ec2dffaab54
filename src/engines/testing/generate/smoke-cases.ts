import type { SpecOperation } from '../../spec/spec-format.js';
import type { CaseRequest, TestCase } from '../test-case.js';
import { withAcceptHeader } from './accept-header.js';
import { CaseIds } from './case-ids.js';
import { operationLabel } from './operation-case.js';

/** Where services usually answer whether they are up, in the order they are looked for. */
const HEALTH_PATHS = ['/health', '/healthz', '/status', '/ping'];

export const HEALTH_PROBE_ID = 'health-probe';

/**
 * A smoke case for every GET that needs no parameter (a path parameter always does), plus one
 * health probe (`health-probe`): the spec's GET of the first of /health, /healthz, /status, /ping
 * it has, else a GET of /health outside the spec.
 */
export function smokeCases(operations: SpecOperation[]): TestCase[] {
  const ids = new CaseIds();
  const cases: TestCase[] = operations
    .filter((operation) => operation.method === 'GET' && !operation.parameters.some((parameter) => parameter.required))
    .map((operation) => ({
      id: ids.next(operation.id, 'smoke', 'no-parameters'),
      name: operationLabel(operation),
      kind: 'smoke',
      operationId: operation.id,
      tags: [...operation.tags],
      request: smokeRequest(operation.path, operation),
    }));
  return [...cases, healthProbe(operations)];
}

function healthProbe(operations: SpecOperation[]): TestCase {
  const found = HEALTH_PATHS.map((path) =>
    operations.find((operation) => operation.method === 'GET' && operation.path.replace(/\/+$/, '').toLowerCase() === path),
  ).find(Boolean);
  const path = found?.path ?? '/health';
  return {
    id: HEALTH_PROBE_ID,
    name: `GET ${path} (health probe)`,
    kind: 'smoke',
    ...(found && { operationId: found.id }),
    tags: [],
    request: smokeRequest(path, found),
  };
}

function smokeRequest(path: string, operation: SpecOperation | undefined): CaseRequest {
  const headers = operation ? withAcceptHeader({}, operation) : {};
  return { method: 'GET', path, ...(Object.keys(headers).length > 0 && { headers }) };
}
