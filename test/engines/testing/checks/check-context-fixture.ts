import type { CheckContext, CheckedResponse, SpecTestCheck } from '../../../../src/engines/testing/checks/check-context.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import type { Finding } from '../../../../src/engines/testing/test-run.js';

/** A response of this status (a JSON body unless given). */
export function answer(status: number, body = '{}'): CheckedResponse {
  return { status, statusText: '', headers: { 'content-type': 'application/json' }, body, durationMs: 5 };
}

/** A case of this kind on `GET /things/{id}` of operation getThing, with the fields given. */
export function caseOf(kind: TestCase['kind'], extra: Partial<TestCase> = {}): TestCase {
  return {
    id: `getThing/${kind}/case`,
    name: 'GET /things/{id}',
    kind,
    operationId: 'getThing',
    tags: [],
    request: { method: 'GET', path: '/things/{id}', pathParams: { id: 1 } },
    ...extra,
  };
}

export function contextOf(testCase: TestCase, response: CheckedResponse, extra: Partial<CheckContext> = {}): CheckContext {
  return { testCase, response, ...extra };
}

/** The findings a check that judges at once makes of a context, named after it as a run names them. */
export function findingsOf(check: SpecTestCheck<Finding['kind']>, context: CheckContext): Finding[] {
  const messages = check.judge(context);
  if (!Array.isArray(messages)) throw new Error(`${check.name} judges asynchronously`);
  return messages.map((message) => ({ kind: check.name, message }));
}
