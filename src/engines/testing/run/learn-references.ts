import type { HttpResponse } from '../../http/send-request.js';
import type { SpecOperation } from '../../spec/spec-format.js';
import type { ReferencePool } from '../references/reference-pool.js';
import { pathParameterResource } from '../references/resource-names.js';
import type { TestCase } from '../test-case.js';
import type { CaseResult } from '../test-run.js';
import { pathParameterNames, sentPathValues } from '../warnings/sent-path-values.js';

/**
 * What the pool learns from a case's answer: a 2xx to a valid read or write gives the values it
 * holds; a 2xx to a DELETE takes the ids it sent out. Probes, requests meant to be refused and fuzz
 * inputs teach nothing: what they made, if anything, is no data a request should build on.
 */
export function learnReferences(
  pool: ReferencePool,
  index: number,
  testCase: TestCase,
  operation: SpecOperation,
  http: HttpResponse,
  result: CaseResult,
): void {
  if (http.status < 200 || http.status > 299 || testCase.probe || testCase.expectRejection || testCase.fuzz || http.binary) return;
  if (operation.method === 'DELETE') {
    const sent = sentPathValues(operation.path, result);
    for (const name of pathParameterNames(operation.path)) if (sent[name] !== undefined) pool.forget(pathParameterResource(operation.path, name), sent[name]);
    return;
  }
  if (!['GET', 'POST', 'PUT', 'PATCH'].includes(operation.method)) return;
  const location = http.headers.location;
  pool.harvest(index, testCase.id, operation, { body: http.body, ...(typeof location === 'string' && { location }) });
}
