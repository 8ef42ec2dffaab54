import type { TestCase } from '../test-case.js';
import type { CheckName, Finding } from '../test-run.js';
import { SPEC_TEST_CHECKS } from './all-checks.js';

/** What any response must satisfy, whatever was asked. */
const ANY_REQUEST: ReadonlySet<CheckName> = new Set(SPEC_TEST_CHECKS.filter((check) => 'judgesProbes' in check).map((check) => check.name));

/**
 * The active checks that judge this case: all of them, but for a probe only its own check and
 * those any response must pass; its request is not one the operation documents (an undocumented
 * method, no credentials), so what the spec says of the operation's answers does not apply.
 */
export function checksForCase(active: readonly CheckName[], testCase: TestCase): CheckName[] {
  const probe = testCase.probe;
  return probe ? active.filter((name) => name === probe || ANY_REQUEST.has(name)) : [...active];
}

/**
 * One defect, one finding: a read of a deleted resource that succeeds is use_after_free's, not
 * also the step's own `expectStatus` (404 or 410) failing.
 */
export function withoutRepeats(findings: Finding[]): Finding[] {
  if (!findings.some((finding) => finding.kind === 'use_after_free')) return findings;
  return findings.filter((finding) => finding.kind !== 'expected_status');
}
