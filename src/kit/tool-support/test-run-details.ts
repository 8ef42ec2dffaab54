import { type TestRun, tallyRun } from '../../engines/testing/test-run.js';
import type { TestRunDetails } from '../../workspace/tool-result-details.js';

/** What the screen shows of a tool's test run (run_tests, run_smoke, auto_test …): its counts and how long it took. */
export function testRunDetails(run: TestRun): TestRunDetails {
  const { passed, failed, skipped } = tallyRun(run);
  return { kind: 'test_run', passed, failed, skipped, durationMs: run.durationMs };
}
