import { type Baseline, baselineFromResponse, listBaselineSet, listBaselines, loadBaseline } from '../../assertions/baseline-store.js';
import { compareWithBaseline } from '../../assertions/compare-baseline.js';
import { checkIgnoredFields } from '../../assertions/ignore-fields.js';
import type { ParamMap } from '../../http/prepare-request.js';
import { toStoredResponse } from '../../http/stored-response.js';
import type { FalconSpec, SpecOperation } from '../../spec/spec-format.js';
import { happyCaseByOperation } from '../idempotency/happy-cases.js';
import { volatileFieldNames } from '../idempotency/volatile-fields.js';
import { sendCase } from '../run/send-case.js';
import type { TestCase } from '../test-case.js';
import type { CaseResult, Finding, TestRun } from '../test-run.js';
import { type RegressionOptions, RegressionError, baselineMemberName } from './regression-set.js';

export interface CompareRegressionOptions extends RegressionOptions {
  /** JSONPaths or names at any depth left out of every comparison. */
  ignoreFields?: string[];
  /** Leave out fields that change by themselves (see volatileFieldNames); default true. */
  ignoreVolatile?: boolean;
}

export interface RegressionReport {
  run: TestRun;
  /** When the set was captured: the earliest of its members' times (ISO 8601). */
  capturedAt: string;
  /** Members of the set whose operation is no longer in the spec: not compared. */
  gone: string[];
  /** GET operations in scope the set has no baseline for (new since the capture, or not captured then): not compared. */
  added: string[];
  /** operationId → the fields left out of its comparison as volatile. */
  volatileFields: Record<string, string[]>;
}

const MAX_FINDINGS = 50;

/**
 * Sends each captured request of the set again — its method, path and query, to the origin of the
 * base URL given now — and reports every difference from its baseline (status, content-type, body
 * by path) as a `regression` finding. Headers come from the operation's happy-path case.
 */
export async function compareRegression(spec: FalconSpec, operations: SpecOperation[], options: CompareRegressionOptions): Promise<RegressionReport> {
  const userIgnored = options.ignoreFields ?? [];
  checkIgnoredFields(userIgnored);
  const members = await listBaselineSet(options.projectRoot, options.baseline);
  if (members.length === 0) {
    const sets = [...new Set((await listBaselines(options.projectRoot)).flatMap((name) => (name.includes('.') ? [name.slice(0, name.indexOf('.'))] : [])))];
    const known = sets.length > 0 ? `the sets there are: ${sets.join(', ')}` : 'there is none yet';
    throw new RegressionError(`no regression baseline "${options.baseline}" in .falcon/baselines (${known}); capture it first`);
  }
  const inSpec = new Set(spec.operations.map((operation) => operation.id));
  const gets = operations.filter((operation) => operation.method === 'GET');
  const compared = gets.filter((operation) => members.includes(operation.id));
  const happy = await happyCaseByOperation(spec, compared);
  const baselines = new Map(
    await Promise.all(members.map(async (member) => [member, await loadBaseline(options.projectRoot, baselineMemberName(options.baseline, member))] as const)),
  );
  const startedAt = new Date();
  const results: CaseResult[] = [];
  const volatileFields: Record<string, string[]> = {};
  for (const [index, operation] of compared.entries()) {
    const { result, volatile } = await compareOperation(operation, baselines.get(operation.id)!, happy.get(operation.id), options, userIgnored);
    if (volatile.length > 0) volatileFields[operation.id] = volatile;
    results.push(result);
    options.onProgress?.(operation.id, index + 1, compared.length);
  }
  const capturedAt = [...baselines.values()].map((baseline) => baseline.savedAt).sort()[0]!;
  const run: TestRun = {
    title: `Baseline "${options.baseline}" (captured ${capturedAt})`,
    baseUrl: options.baseUrl,
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    checks: [],
    operations: { total: gets.length, covered: results.filter((result) => result.request).length },
    results,
  };
  return {
    run,
    capturedAt,
    gone: members.filter((member) => !inSpec.has(member)),
    added: gets.filter((operation) => !members.includes(operation.id)).map((operation) => operation.id),
    volatileFields,
  };
}

async function compareOperation(
  operation: SpecOperation,
  baseline: Baseline,
  happy: TestCase | undefined,
  options: CompareRegressionOptions,
  userIgnored: string[],
): Promise<{ result: CaseResult; volatile: string[] }> {
  const captured = capturedRequest(baseline);
  const testCase: TestCase = {
    id: `${operation.id}/regression`,
    name: captured
      ? `${captured.method} ${captured.path}${captured.search} against its baseline`
      : `${operation.method} ${operation.path} against its baseline`,
    kind: 'happy',
    operationId: operation.id,
    tags: operation.tags,
    request: {
      method: captured?.method ?? operation.method,
      path: captured?.path ?? operation.path,
      ...(captured?.query && { query: captured.query }),
      ...(happy?.request.headers && { headers: happy.request.headers }),
    },
  };
  const skipped = (skipReason: string) => ({ result: { case: testCase, outcome: 'skipped' as const, findings: [], skipReason, durationMs: 0 }, volatile: [] });
  if (!captured) return skipped('its baseline does not hold the request that made it');
  const exchange = await sendCase(testCase, { baseUrl: new URL(options.baseUrl).origin, variables: options.variables, signal: options.signal }).catch(
    (error: unknown) => {
      if (options.signal?.aborted) return undefined;
      throw error;
    },
  );
  if (!exchange) return skipped('cancelled');
  if (!exchange.http) {
    const finding: Finding = { kind: 'request_error', message: exchange.error ?? 'no response' };
    return { result: { case: testCase, outcome: 'failed', findings: [finding], request: exchange.request, durationMs: 0 }, volatile: [] };
  }
  const current = baselineFromResponse(toStoredResponse(exchange.http), new Date(), options.variables?.secrets);
  const volatile = options.ignoreVolatile === false ? [] : volatileFieldNames([baseline.body, current.body]);
  const differences = compareWithBaseline(baseline, current, { ignoreFields: [...userIgnored, ...volatile] });
  const findings: Finding[] = differences.slice(0, MAX_FINDINGS).map((message) => ({ kind: 'regression', message }));
  if (differences.length > MAX_FINDINGS) findings.push({ kind: 'regression', message: `… and ${differences.length - MAX_FINDINGS} more differences` });
  const result: CaseResult = {
    case: testCase,
    outcome: findings.length > 0 ? 'failed' : 'passed',
    findings,
    request: exchange.request,
    ...(exchange.response && { response: exchange.response }),
    durationMs: exchange.response?.durationMs ?? 0,
  };
  return { result, volatile };
}

/** The method, path and query of the request a baseline was captured from; undefined when it has none. */
function capturedRequest(baseline: Baseline): { method: string; path: string; search: string; query?: ParamMap } | undefined {
  if (!baseline.request) return undefined;
  let url: URL;
  try {
    url = new URL(baseline.request.url);
  } catch {
    return undefined;
  }
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    const before = query[name];
    query[name] = before === undefined ? value : [...([] as string[]).concat(before), value];
  }
  return { method: baseline.request.method.toUpperCase(), path: url.pathname, search: url.search, ...(url.search && { query }) };
}
