import type { TestCase } from '../test-case.js';
import type { CheckName, Finding } from '../test-run.js';
import { SPEC_TEST_CHECKS } from './all-checks.js';

/** The checks of GraphQL cases (`api: 'graphql'`); max_response_time judges both kinds. */
const GRAPHQL: ReadonlySet<CheckName> = new Set(SPEC_TEST_CHECKS.filter((check) => 'api' in check).map((check) => check.name));
const EITHER: ReadonlySet<CheckName> = new Set(['max_response_time']);

/** What any response must satisfy, whatever was asked. */
const ANY_REQUEST: ReadonlySet<CheckName> = new Set(SPEC_TEST_CHECKS.filter((check) => 'judgesProbes' in check).map((check) => check.name));

/**
 * The active checks that judge this case: all of them, but for a probe only its own check and
 * those any response must pass; its request is not one the operation documents (an undocumented
 * method, no credentials), so what the spec says of the operation's answers does not apply. Nor
 * does it to an invalid body sent as text no JSON parser reads (`+1`): a 2xx to it is
 * negative_data_rejection's, and whatever else it answers, the spec documents answers to JSON.
 * A GraphQL case is judged by the GraphQL checks alone (and max_response_time); sent without the
 * run's credentials, only by graphql_no_server_error (the missing_auth warning reads its answer).
 */
export function checksForCase(active: readonly CheckName[], testCase: TestCase): CheckName[] {
  if (testCase.graphql) {
    const graphql = active.filter((name) => GRAPHQL.has(name) || EITHER.has(name));
    return testCase.graphql.withoutCredentials ? graphql.filter((name) => name === 'graphql_no_server_error') : graphql;
  }
  active = active.filter((name) => !GRAPHQL.has(name));
  const probe = testCase.probe;
  if (probe) return active.filter((name) => name === probe || ANY_REQUEST.has(name));
  if (testCase.request.bodyIsText && testCase.expectRejection) return active.filter((name) => name === 'negative_data_rejection' || ANY_REQUEST.has(name));
  return [...active];
}

/** The checks whose finding on a step after a delete is the step's own expected 404 or 410 failing. */
const AFTER_DELETE: ReadonlySet<Finding['kind']> = new Set(['delete_effective', 'use_after_free']);

/**
 * One defect, one finding: a step on a deleted resource that succeeds is delete_effective's (a read)
 * or use_after_free's (a change), not also the step's own `expectStatus` (404 or 410) failing.
 */
export function withoutRepeats(findings: Finding[]): Finding[] {
  if (!findings.some((finding) => AFTER_DELETE.has(finding.kind))) return findings;
  return findings.filter((finding) => finding.kind !== 'expected_status');
}
