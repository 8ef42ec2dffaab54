import type { VariableScope } from '../../../workspace/variable-scope.js';
import { type Baseline, baselineFromResponse } from '../../assertions/baseline-store.js';
import { toStoredResponse } from '../../http/stored-response.js';
import type { FalconSpec, SpecOperation } from '../../spec/spec-format.js';
import { type CaseExchange, prepareCase, sendPreparedCase } from '../run/send-case.js';
import type { TestCase } from '../test-case.js';
import type { CaseResult, TestRun } from '../test-run.js';
import { NO_HAPPY_CASE, happyCaseByOperation } from './happy-cases.js';
import { DEFAULT_REPEAT, IDEMPOTENT_METHODS } from './idempotent-methods.js';
import { judgeRepeats } from './judge-repeats.js';
import { volatileFieldNames } from './volatile-fields.js';
import { specLabel } from '../../spec/summarize-spec.js';

export interface IdempotencyOptions {
  baseUrl: string;
  /** Times each request is sent in a row; default 3. */
  repeat?: number;
  variables?: VariableScope;
  signal?: AbortSignal;
  onResult?(result: CaseResult, done: number, total: number): void;
}

export interface IdempotencyReport {
  run: TestRun;
  /** operationId → the fields left out of its comparison as volatile (see volatileFieldNames). */
  volatileFields: Record<string, string[]>;
}

/**
 * Sends the happy-path request of each idempotent operation `repeat` times in a row and judges the
 * answers (judgeRepeats), leaving out fields that change by themselves (clocks, request ids,
 * nonces). Operations run one after the other, DELETEs last, so that no DELETE removes what a GET
 * is about to read. An operation whose request cannot be filled is skipped with the reason.
 */
export async function verifyIdempotency(spec: FalconSpec, operations: SpecOperation[], options: IdempotencyOptions): Promise<IdempotencyReport> {
  const repeat = options.repeat ?? DEFAULT_REPEAT;
  const inScope = operations
    .filter((operation) => IDEMPOTENT_METHODS.includes(operation.method))
    .sort((a, b) => IDEMPOTENT_METHODS.indexOf(a.method) - IDEMPOTENT_METHODS.indexOf(b.method));
  const happy = await happyCaseByOperation(spec, inScope);
  const startedAt = new Date();
  const results: CaseResult[] = [];
  const volatileFields: Record<string, string[]> = {};
  for (const operation of inScope) {
    const result = await verifyOperation(operation, happy.get(operation.id), repeat, options, volatileFields);
    results.push(result);
    options.onResult?.(result, results.length, inScope.length);
  }
  const run: TestRun = {
    title: `Idempotency of ${specLabel(spec)} (each request sent ${repeat} times)`,
    baseUrl: options.baseUrl,
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    checks: [],
    operations: { total: inScope.length, covered: results.filter((result) => result.request).length },
    results,
  };
  return { run, volatileFields };
}

async function verifyOperation(
  operation: SpecOperation,
  happy: TestCase | undefined,
  repeat: number,
  options: IdempotencyOptions,
  volatileFields: Record<string, string[]>,
): Promise<CaseResult> {
  const testCase: TestCase = {
    ...(happy ?? { kind: 'happy', operationId: operation.id, tags: operation.tags, request: { method: operation.method, path: operation.path } }),
    id: `${operation.id}/idempotency`,
    name: `${operation.method} ${operation.path} sent ${repeat} times`,
  };
  if (!happy) return skipped(testCase, NO_HAPPY_CASE);
  const prepared = await prepareCase(testCase, { baseUrl: options.baseUrl, variables: options.variables });
  if (!prepared.ok) return skipped(testCase, `its required parameters cannot be filled: ${prepared.error}`);
  const exchanges: CaseExchange[] = [];
  for (let call = 1; call <= repeat; call++) {
    const exchange = await sendPreparedCase(prepared, { signal: options.signal, variables: options.variables }).catch((error: unknown) => {
      if (options.signal?.aborted) return undefined;
      throw error;
    });
    if (!exchange) return skipped(testCase, 'cancelled');
    exchanges.push(exchange);
    if (!exchange.http) {
      return {
        case: testCase,
        outcome: 'failed',
        findings: [{ kind: 'request_error', message: `call ${call} of ${repeat}: ${exchange.error ?? 'no response'}` }],
        request: exchange.request,
        durationMs: totalDuration(exchanges),
      };
    }
  }
  const answers: Baseline[] = exchanges.map((exchange) => baselineFromResponse(toStoredResponse(exchange.http!)));
  const ignored = volatileFieldNames(answers.map((answer) => answer.body));
  if (ignored.length > 0) volatileFields[operation.id] = ignored;
  const verdict = judgeRepeats(operation.method, answers, ignored);
  const shown = exchanges[verdict.firstBad ?? exchanges.length - 1]!;
  return {
    case: testCase,
    outcome: verdict.findings.length > 0 ? 'failed' : 'passed',
    findings: verdict.findings,
    request: shown.request,
    ...(shown.response && { response: shown.response }),
    durationMs: totalDuration(exchanges),
  };
}

function totalDuration(exchanges: CaseExchange[]): number {
  return exchanges.reduce((sum, exchange) => sum + (exchange.response?.durationMs ?? 0), 0);
}

function skipped(testCase: TestCase, skipReason: string): CaseResult {
  return { case: testCase, outcome: 'skipped', findings: [], skipReason, durationMs: 0 };
}
