import { type CoverageCount, coverageFigures, percentSeen } from '../coverage/coverage-figures.js';
import type { OperationCoverage, RunCoverage } from '../coverage/run-coverage.js';
import { type CaseResult, type RunTally, type RunWarning, type TestRun, tallyRun } from '../test-run.js';
import { reproductionLines } from './chain-reproduction.js';

export const JSON_REPORT_FORMAT = 'falcon-test-report/1';

/** The run as a machine reads it: the TestRun's own fields plus its tally, under a versioned format name. */
export interface JsonReport extends TestRun {
  format: typeof JSON_REPORT_FORMAT;
  tally: RunTally;
  /** Always present: `[]` when the run has none. */
  warnings: RunWarning[];
  warningsAllowed: boolean;
  results: JsonCaseResult[];
  coverage?: JsonCoverage;
}

/** The run's coverage and, for a machine to read without counting, what it adds up to (the operations in scope only). */
export interface JsonCoverage extends RunCoverage {
  figures: { responses: CoverageCount & { percent: number | null }; parameters: CoverageCount; bodyProperties: CoverageCount };
}

/** A failed case that sent a request says how to send it again: shell lines, the chain before it included. */
export interface JsonCaseResult extends CaseResult {
  reproduce?: string[];
}

/**
 * Keys come in one fixed order whatever order the run's objects were built in, so two reports of
 * the same run are the same text. Maps that are data (headers, query, bodies) keep their own order.
 */
export function jsonReport(run: TestRun): string {
  const report: JsonReport = {
    format: JSON_REPORT_FORMAT,
    title: run.title,
    baseUrl: run.baseUrl,
    startedAt: run.startedAt,
    durationMs: run.durationMs,
    checks: run.checks,
    operations: { total: run.operations.total, covered: run.operations.covered },
    ...(run.specDigest !== undefined && { specDigest: run.specDigest }),
    ...(run.shard && { shard: inOrder(run.shard, ['index', 'count', 'operationsInAllShards']) }),
    ...(run.parts && { parts: run.parts.map((part) => inOrder(part, ['shard', 'baseUrl', 'startedAt', 'durationMs', 'cases', 'failed'])) }),
    tally: tallyRun(run),
    warnings: (run.warnings ?? []).map((warning) => inOrder(warning, ['kind', 'operation', 'parameter', 'message', 'evidence', 'advice'])),
    warningsAllowed: run.warningsAllowed ?? false,
    ...(run.minCoverage !== undefined && { minCoverage: run.minCoverage }),
    ...(run.coverage && { coverage: jsonCoverage(run.coverage) }),
    results: run.results.map((result) => orderedResult(result, run)),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}

function orderedResult(result: CaseResult, run: TestRun): JsonCaseResult {
  const reproduce = result.outcome === 'failed' && result.request ? reproductionLines(run, result) : undefined;
  const ordered: JsonCaseResult = inOrder({ ...result, ...(reproduce && { reproduce }) }, [
    'case',
    'outcome',
    'durationMs',
    'findings',
    'skipReason',
    'reproduce',
    'request',
    'response',
    'extracted',
    'references',
    'requestTemplate',
    'followUps',
  ]);
  ordered.case = inOrder(result.case, [
    'id',
    'name',
    'kind',
    'operationId',
    'tags',
    'mutation',
    'nearMiss',
    'expectRejection',
    'expectStatus',
    'extract',
    'chain',
    'request',
  ]);
  ordered.case.request = inOrder(result.case.request, ['method', 'path', 'pathParams', 'query', 'headers', 'contentType', 'bodyIsText', 'body']);
  if (result.case.chain) ordered.case.chain = inOrder(result.case.chain, ['id', 'step']);
  ordered.findings = result.findings.map((finding) => inOrder(finding, ['kind', 'message']));
  if (result.request) ordered.request = inOrder(result.request, ['method', 'url', 'headers', 'body']);
  if (result.response) ordered.response = inOrder(result.response, ['status', 'statusText', 'durationMs', 'headers', 'body']);
  if (result.requestTemplate) ordered.requestTemplate = inOrder(result.requestTemplate, ['method', 'url', 'headers', 'body']);
  if (result.followUps)
    ordered.followUps = result.followUps.map((followUp) => ({
      ...inOrder(followUp, ['label', 'request', 'response', 'requestTemplate']),
      request: inOrder(followUp.request, ['method', 'url', 'headers', 'body']),
      ...(followUp.response && { response: inOrder(followUp.response, ['status', 'statusText', 'durationMs', 'headers', 'body']) }),
    }));
  return ordered;
}

function jsonCoverage(coverage: RunCoverage): JsonCoverage {
  const figures = coverageFigures(coverage.operations);
  const operation = (entry: OperationCoverage) => inOrder(entry, ['operation', 'method', 'path', 'responses', 'undocumented', 'parameters', 'bodyProperties']);
  return {
    figures: { ...figures, responses: { ...figures.responses, percent: percentSeen(figures.responses) ?? null } },
    operations: coverage.operations.map(operation),
    ...(coverage.reached && { reached: coverage.reached.map(operation) }),
  };
}

/** A copy with `keys` first, in that order; keys not listed (fields added later) follow, never dropped. */
function inOrder<T extends object>(value: T, keys: ReadonlyArray<keyof T>): T {
  return Object.assign(Object.fromEntries(keys.map((key) => [key, undefined])), value) as T;
}
