import type { CheckContext, CheckedResponse } from '../../../../src/engines/testing/checks/check-context.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';

/** A response of this status (a JSON body unless given). */
export function answer(status: number, body = '{}'): CheckedResponse {
  return { status, statusText: '', headers: { 'content-type': 'application/json' }, body, durationMs: 5 };
}

/** A case of this kind on `GET /things/{id}` of operation getThing, with the fields given. */
export function caseOf(kind: TestCase['kind'], extra: Partial<TestCase> = {}): TestCase {
  return { id: `getThing/${kind}/case`, name: 'GET /things/{id}', kind, operationId: 'getThing', tags: [], request: { method: 'GET', path: '/things/{id}', pathParams: { id: 1 } }, ...extra };
}

export function contextOf(testCase: TestCase, response: CheckedResponse, extra: Partial<CheckContext> = {}): CheckContext {
  return { testCase, response, ...extra };
}
