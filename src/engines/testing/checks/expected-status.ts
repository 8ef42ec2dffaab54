import type { Finding } from '../test-run.js';
import type { CheckContext } from './check-context.js';

/** The case's own `expectStatus`, when it has one. */
export function expectedStatus({ testCase, response }: CheckContext): Finding[] {
  const expected = testCase.expectStatus;
  if (!expected || expected.length === 0 || expected.includes(response.status)) return [];
  const list = expected.join(', ');
  return [{ kind: 'expected_status', message: `status ${response.status}, expected ${expected.length === 1 ? list : `one of ${list}`}` }];
}
