import type { HttpResponse } from '../../http/send-request.js';
import type { FalconSpec } from '../../spec/spec-format.js';
import type { VariableScope } from '../../../workspace/variable-scope.js';
import { type ResponseChecker, activeChecks, createResponseChecker } from '../checks/check-response.js';
import type { TestCase } from '../test-case.js';
import type { CaseResult, CheckName, TestRun } from '../test-run.js';
import { caseUnits } from './case-units.js';
import { extractChainValues } from './chain-values.js';
import { runInLanes } from './run-in-lanes.js';
import { type CaseExchange, prepareCase, sendPreparedCase } from './send-case.js';
import { specLabel } from '../../spec/summarize-spec.js';

export interface RunCasesOptions {
  /** No trailing slash needed; each case's path is appended. */
  baseUrl: string;
  /** For the conformance checks; without it only not_a_server_error, negative_data_rejection, max_response_time and expected_status. */
  spec?: FalconSpec;
  /** Default: all CHECK_NAMES. */
  checks?: readonly CheckName[];
  /** Requests in flight at once, default 4; the steps of a chain run one after the other. */
  concurrency?: number;
  /** max_response_time is only checked when set. */
  maxResponseTimeMs?: number;
  /** Added to every request (auth); may hold `{{VAR}}`. */
  headers?: Record<string, string>;
  /** Fill `{{VAR}}` after the values extracted by the case's chain. */
  variables?: VariableScope;
  /** Per request, default 30 s. */
  timeoutMs?: number;
  /** Default: the spec's title and version with a spec, else `Test run`. */
  title?: string;
  /** The coverage denominator; default: the distinct operationIds of the cases. */
  operationsInScope?: number;
  /** Cancels the run: cases not yet answered are skipped ("cancelled"). */
  signal?: AbortSignal;
  /** Called as each case finishes (skipped ones too); `done` counts up to `total`. */
  onResult?(result: CaseResult, done: number, total: number): void;
}

export const DEFAULT_CONCURRENCY = 4;
const CANCELLED = 'cancelled';

/**
 * Sends the cases and checks every response. Independent cases run in parallel up to the
 * concurrency; a chain's steps run in order, each filling `{{name}}` from what the earlier steps
 * extracted, and a step that fails or sends nothing skips the rest of its chain. Results come in
 * the order the cases were given.
 */
export async function runCases(cases: TestCase[], options: RunCasesOptions): Promise<TestRun> {
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a whole number of at least 1, got ${concurrency}`);
  const startedAt = new Date();
  const started = performance.now();
  const checkOptions = { spec: options.spec, checks: options.checks, maxResponseTimeMs: options.maxResponseTimeMs };
  const check = createResponseChecker(checkOptions);
  const results: CaseResult[] = new Array<CaseResult>(cases.length);
  let done = 0;
  const finish = (index: number, result: CaseResult) => {
    results[index] = result;
    done += 1;
    options.onResult?.(result, done, cases.length);
  };

  const runUnit = async (unit: number[]) => {
    const values = new Map<string, string>();
    let blocked: string | undefined;
    for (const index of unit) {
      const testCase = cases[index]!;
      const skipReason = options.signal?.aborted ? CANCELLED : blocked;
      if (skipReason) {
        finish(index, skipped(testCase, skipReason));
        continue;
      }
      const { result, http } = await runCase(testCase, values, check, options);
      finish(index, result);
      if (!testCase.chain) continue;
      blocked = stepBlocks(testCase, result);
      if (blocked || !http) continue;
      const extracted = extractChainValues(testCase, http);
      if (extracted.ok) for (const [name, value] of Object.entries(extracted.values)) values.set(name, value);
      else blocked = `${stepLabel(testCase)} gave ${extracted.error}`;
    }
  };
  // A DELETE outside a chain removes what the example ids name, which other cases read and
  // change: those go once everything else has finished.
  const units = caseUnits(cases);
  const isLoneDelete = (unit: number[]) => unit.length === 1 && !cases[unit[0]!]!.chain && cases[unit[0]!]!.request.method.toUpperCase() === 'DELETE';
  await runInLanes(units.filter((unit) => !isLoneDelete(unit)), concurrency, runUnit);
  await runInLanes(units.filter(isLoneDelete), concurrency, runUnit);

  const operations = (sent: boolean) => new Set(results.filter((result) => !sent || result.response).flatMap((result) => result.case.operationId ?? [])).size;
  return {
    title: options.title ?? (options.spec ? specLabel(options.spec) : 'Test run'),
    baseUrl: options.baseUrl,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    checks: activeChecks(checkOptions),
    operations: { total: options.operationsInScope ?? operations(false), covered: operations(true) },
    results,
  };
}

/** The result, and the whole response for the chain to read its values from. */
async function runCase(testCase: TestCase, values: ReadonlyMap<string, string>, check: ResponseChecker, options: RunCasesOptions): Promise<{ result: CaseResult; http?: HttpResponse }> {
  const prepared = await prepareCase(testCase, { ...options, values });
  if (!prepared.ok) return { result: { case: testCase, outcome: 'failed', findings: [{ kind: 'request_error', message: prepared.error }], durationMs: 0 } };
  const started = performance.now();
  let exchange: CaseExchange;
  try {
    exchange = await sendPreparedCase(prepared, options);
  } catch (error) {
    if (options.signal?.aborted) return { result: { ...skipped(testCase, CANCELLED), request: prepared.request } };
    throw error;
  }
  const { http, request, response } = exchange;
  if (!http || !response) {
    const findings = [{ kind: 'request_error' as const, message: exchange.error ?? 'no response' }];
    return { result: { case: testCase, outcome: 'failed', findings, request, durationMs: Math.round(performance.now() - started) } };
  }
  const findings = await check(testCase, http);
  return { result: { case: testCase, outcome: findings.length > 0 ? 'failed' : 'passed', findings, request, response, durationMs: http.durationMs }, http };
}

function skipped(testCase: TestCase, reason: string): CaseResult {
  return { case: testCase, outcome: 'skipped', findings: [], skipReason: reason, durationMs: 0 };
}

/** Why the steps after this one cannot run, if they cannot. */
function stepBlocks(testCase: TestCase, result: CaseResult): string | undefined {
  if (result.outcome === 'passed') return undefined;
  if (result.outcome === 'skipped') return result.skipReason === CANCELLED ? CANCELLED : `${stepLabel(testCase)} was skipped: ${result.skipReason ?? 'not sent'}`;
  const [first, ...others] = result.findings;
  const more = others.length > 0 ? ` (and ${others.length} more finding${others.length === 1 ? '' : 's'})` : '';
  return `${stepLabel(testCase)} failed: ${first?.message ?? 'no response'}${more}`;
}

/** `step 1 (createPet)`. */
function stepLabel(testCase: TestCase): string {
  return `step ${testCase.chain?.step ?? 1} (${testCase.operationId ?? testCase.id})`;
}
