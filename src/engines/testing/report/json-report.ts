import { type CaseResult, type RunTally, type TestRun, tallyRun } from '../test-run.js';

export const JSON_REPORT_FORMAT = 'falcon-test-report/1';

/** The run as a machine reads it: the TestRun's own fields plus its tally, under a versioned format name. */
export interface JsonReport extends TestRun {
  format: typeof JSON_REPORT_FORMAT;
  tally: RunTally;
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
    tally: tallyRun(run),
    results: run.results.map(orderedResult),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}

function orderedResult(result: CaseResult): CaseResult {
  const ordered = inOrder(result, ['case', 'outcome', 'durationMs', 'findings', 'skipReason', 'request', 'response']);
  ordered.case = inOrder(result.case, ['id', 'name', 'kind', 'operationId', 'tags', 'mutation', 'expectRejection', 'expectStatus', 'extract', 'chain', 'request']);
  ordered.case.request = inOrder(result.case.request, ['method', 'path', 'pathParams', 'query', 'headers', 'contentType', 'body']);
  if (result.case.chain) ordered.case.chain = inOrder(result.case.chain, ['id', 'step']);
  ordered.findings = result.findings.map((finding) => inOrder(finding, ['kind', 'message']));
  if (result.request) ordered.request = inOrder(result.request, ['method', 'url', 'headers', 'body']);
  if (result.response) ordered.response = inOrder(result.response, ['status', 'statusText', 'durationMs', 'headers', 'body']);
  return ordered;
}

/** A copy with `keys` first, in that order; keys not listed (fields added later) follow, never dropped. */
function inOrder<T extends object>(value: T, keys: ReadonlyArray<keyof T>): T {
  return Object.assign(Object.fromEntries(keys.map((key) => [key, undefined])), value) as T;
}
