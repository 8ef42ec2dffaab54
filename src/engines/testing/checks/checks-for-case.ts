import type { TestCase } from '../test-case.js';
import type { CheckName, Finding } from '../test-run.js';
import { SPEC_TEST_CHECKS } from './all-checks.js';

/** What any response must satisfy, whatever was asked. */
const ANY_REQUEST: ReadonlySet<CheckName> = new Set(SPEC_TEST_CHECKS.filter((check) => 'judgesProbes' in check).map((check) => check.name));

/**
 * The active checks that judge this case: all of them, but for a probe only its own check and
 * those any response must pass; its request is not one the operation documents (an undocumented
 * method, no credentials), so what the spec says of the operation's answers does not apply. Nor
 * does it to an invalid body sent as text no JSON parser reads (`+1`): a 2xx to it is
 * negative_data_rejection's, and whatever else it answers, the spec documents answers to JSON.
 */
export function checksForCase(active: readonly CheckName[], testCase: TestCase): CheckName[] {
  const probe = testCase.probe;
  if (probe) return active.filter((name) => name === probe || ANY_REQUEST.has(name));
  if (testCase.request.bodyIsText && testCase.expectRejection) return active.filter((name) => name === 'negative_data_rejection' || ANY_REQUEST.has(name));
  return [...active];
}

/**
 * One defect, one finding: a read of a deleted resource that succeeds is use_after_free's, not
 * also the step's own `expectStatus` (404 or 410) failing.
 */
export function withoutRepeats(findings: Finding[]): Finding[] {
  if (!findings.some((finding) => finding.kind === 'use_after_free')) return findings;
  return findings.filter((finding) => finding.kind !== 'expected_status');
}
