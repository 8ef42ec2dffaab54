import type { AssertionResult } from '../../assertions/assert-response.js';
import { HttpRequestError } from '../../http/http-request-error.js';
import { runSavedRequest } from '../../requests/run-saved-request.js';
import { toResponseExpectations } from '../../requests/saved-assertions.js';
import type { SavedRequest } from '../../../workspace/saved-requests.js';
import { UnknownVariableError, type VariableScope } from '../../../workspace/variable-scope.js';
import type { TestCase } from '../test-case.js';
import type { CaseResult, Finding, TestRun } from '../test-run.js';
import { recordRequest, recordResponse } from '../run/record-exchange.js';
import { EXPECTED_STATUS_COLUMN, dataCase } from './data-case.js';
import type { DataFile, DataRow } from './read-data-rows.js';
import { maskText } from '../../../safety/mask-text.js';

export interface DataDrivenOptions {
  /** The run's `{{VAR}}` values; each row's columns are layered on top. */
  variables: VariableScope;
  /** Rows sent at once; default 1 (rows in file order). */
  concurrency?: number;
  /** After the first failed row, rows not yet sent are skipped. */
  stopOnFailure?: boolean;
  signal?: AbortSignal;
  onResult?(result: CaseResult, done: number, total: number): void;
}

const STATUS_ASSERTIONS = ['status_code', 'status_in'];

/**
 * Sends a saved request once per data row, the row's columns filling its `{{column}}` placeholders
 * (over the session and environment), and checks each answer: the status — a 2xx, or what the
 * row's `expected_status` says, which then replaces the saved status checks — and the saved
 * assertions, which a row expecting only non-2xx statuses leaves out (they describe a success).
 * Malformed saved assertions or `expected_status` values are thrown before anything is sent.
 */
export async function runDataDriven(saved: SavedRequest, data: DataFile, options: DataDrivenOptions): Promise<TestRun> {
  if (saved.assertions) toResponseExpectations(saved.assertions);
  const cases = data.rows.map((row, index) => dataCase(saved, row, index + 1, data.file));
  const startedAt = new Date();
  const results: CaseResult[] = new Array(cases.length);
  let next = 0;
  let done = 0;
  let stopped = false;
  const worker = async () => {
    while (next < cases.length) {
      const index = next++;
      const testCase = cases[index]!;
      const skipReason = options.signal?.aborted ? 'cancelled' : stopped ? 'an earlier row failed (stop_on_failure)' : undefined;
      const result = skipReason ? skipped(testCase, skipReason) : await runRow(saved, testCase, data.rows[index]!, options);
      if (result.outcome === 'failed' && options.stopOnFailure) stopped = true;
      results[index] = result;
      options.onResult?.(result, ++done, cases.length);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 1, cases.length));
  await Promise.all(Array.from({ length: workers }, worker));
  const firstUrl = results.find((result) => result.request)?.request?.url;
  return {
    title: `Data-driven "${saved.name}" with ${data.file}`,
    baseUrl: firstUrl ? new URL(firstUrl).origin : maskText(saved.url),
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    checks: [],
    operations: { total: 1, covered: results.some((result) => result.request) ? 1 : 0 },
    results,
  };
}

async function runRow(saved: SavedRequest, testCase: TestCase, row: DataRow, options: DataDrivenOptions): Promise<CaseResult> {
  const request = testCase.expectStatus ? assertionsForExpected(saved, testCase.expectStatus) : saved;
  const started = Date.now();
  try {
    const run = await runSavedRequest(request, options.variables.withValues(row), { signal: options.signal });
    const findings = [...statusFindings(run.response.status, run.response.statusText, testCase.expectStatus), ...run.assertions.flatMap(assertionFinding)];
    return {
      case: testCase,
      outcome: findings.length > 0 ? 'failed' : 'passed',
      findings,
      request: recordRequest(run.response.request, options.variables.secrets),
      response: recordResponse(run.response, options.variables.secrets),
      durationMs: run.response.durationMs,
    };
  } catch (error) {
    if (options.signal?.aborted) return skipped(testCase, 'cancelled');
    if (!(error instanceof HttpRequestError || error instanceof UnknownVariableError)) throw error;
    const finding: Finding = { kind: 'request_error', message: maskText(error.message) };
    return { case: testCase, outcome: 'failed', findings: [finding], durationMs: Date.now() - started };
  }
}

function statusFindings(status: number, statusText: string, expected: number[] | undefined): Finding[] {
  const shown = `status ${status}${statusText ? ` ${statusText}` : ''}`;
  if (expected) {
    return expected.includes(status) ? [] : [{ kind: 'expected_status', message: `${shown}; the row's ${EXPECTED_STATUS_COLUMN} is ${expected.join(' or ')}` }];
  }
  if (isSuccess(status)) return [];
  return [{ kind: 'expected_status', message: `${shown} is not a 2xx (a row's ${EXPECTED_STATUS_COLUMN} column can expect another)` }];
}

function assertionFinding(result: AssertionResult): Finding[] {
  return result.passed ? [] : [{ kind: 'assertion', message: maskText(`${result.subject}: expected ${result.expected}, actual ${result.actual}`) }];
}

/** The row's status replaces the saved status checks; the others describe a success, so they stay only when the row expects one. */
function assertionsForExpected(saved: SavedRequest, expected: number[]): SavedRequest {
  if (!saved.assertions) return saved;
  if (!expected.some(isSuccess)) return { ...saved, assertions: undefined };
  return { ...saved, assertions: Object.fromEntries(Object.entries(saved.assertions).filter(([name]) => !STATUS_ASSERTIONS.includes(name))) };
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

function skipped(testCase: TestCase, skipReason: string): CaseResult {
  return { case: testCase, outcome: 'skipped', findings: [], skipReason, durationMs: 0 };
}
