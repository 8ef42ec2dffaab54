import type { AssertionResult } from '../../../engines/assertions/assert-response.js';
import type { SavedRequestRun } from '../../../engines/requests/run-saved-request.js';
import type { SavedRequest } from '../../../workspace/saved-requests.js';
import { describeResponse } from './describe-response.js';
import { maskText } from '../../../safety/mask-text.js';

/** `✓ status: 200 OK` or `✗ $.name: expected "Ada", actual "Bob"`. */
export function describeAssertion(result: AssertionResult): string {
  return result.passed ? `✓ ${result.subject}: ${result.actual}` : `✗ ${result.subject}: expected ${result.expected}, actual ${result.actual}`;
}

/** `2 of 2 assertions passed`, `1 of 3 assertions failed`, or `no assertions saved`. */
export function summarizeAssertions(results: AssertionResult[]): string {
  const failed = results.filter((result) => !result.passed).length;
  if (results.length === 0) return 'no assertions saved';
  const noun = `assertion${results.length > 1 ? 's' : ''}`;
  return failed === 0 ? `${results.length} of ${results.length} ${noun} passed` : `${failed} of ${results.length} ${noun} failed`;
}

/** The request tool's observation for `run`: the verdict first, then the response, then each check. */
export function describeRequestRun(saved: SavedRequest, run: SavedRequestRun, environment: string | undefined): string {
  const verdict = run.passed ? 'PASSED' : 'FAILED';
  const where = environment ? ` (environment ${environment})` : '';
  const lines = [
    `${verdict}: "${saved.name}"${where} → HTTP ${run.response.status}, ${summarizeAssertions(run.assertions)}`,
    maskText(`${run.response.request.method} ${run.response.request.url}`),
    describeResponse(run.response),
  ];
  if (run.assertions.length > 0) lines.push('', 'Assertions:', ...run.assertions.map(describeAssertion));
  lines.push('', 'The response is kept as "last" for assert_response and extract_value.');
  return maskText(lines.join('\n'));
}
