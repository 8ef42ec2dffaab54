import type { FalconSpec } from '../../../engines/spec/spec-format.js';
import type { TestCase } from '../../../engines/testing/test-case.js';
import type { CheckName } from '../../../engines/testing/test-run.js';
import type { ToolContext } from '../../../kit/tool/tool.js';
import { testRunDetails } from '../../../kit/tool-support/test-run-details.js';
import type { ToolResult } from '../../../kit/tool/tool-result.js';
import type { TestRunDetails } from '../../../workspace/tool-result-details.js';
import { maskText } from '../../../safety/mask-text.js';

export interface TestCasesRun {
  cases: TestCase[];
  baseUrl: string;
  /** For the conformance checks; without it only the checks that need no spec apply. */
  spec?: FalconSpec;
  /** Default: every check. */
  checks?: readonly CheckName[];
  concurrency?: number;
  title?: string;
  operationsInScope?: number;
  /** `.falcon/reports/<type>_report_<name>_<time>.md` */
  report: { type: string; name: string };
}

// A progress line per case would flood the front end on a run of thousands.
const PROGRESS_STEPS = 20;

/** Sends the cases (a GraphQL spec's as GraphQL cases), reporting progress, writes the Markdown report and returns the run's observation and counts. */
export async function runTestCases(request: TestCasesRun, ctx: ToolContext): Promise<ToolResult<TestRunDetails>> {
  if (request.spec?.kind === 'graphql') {
    const { asGraphQLCase } = await import('../../../engines/testing/graphql/graphql-case-of.js');
    request = { ...request, cases: request.cases.map(asGraphQLCase) };
  }
  const [{ runCases }, { writeRunReports }, { describeTestRun }] = await Promise.all([
    import('../../../engines/testing/run/run-cases.js'),
    import('../../../engines/testing/report/write-run-reports.js'),
    import('./describe-test-run.js'),
  ]);
  const every = Math.max(1, Math.ceil(request.cases.length / PROGRESS_STEPS));
  ctx.progress(`0/${request.cases.length} cases`);
  const run = await runCases(request.cases, {
    baseUrl: request.baseUrl,
    spec: request.spec,
    checks: request.checks,
    concurrency: request.concurrency,
    title: request.title,
    operationsInScope: request.operationsInScope,
    variables: ctx.variables,
    signal: ctx.signal,
    onResult: (_result, done, total) => {
      if (done === total || done % every === 0) ctx.progress(`${done}/${total} cases`);
    },
  });
  ctx.signal.throwIfAborted();
  const reports = await writeRunReports(run, { projectRoot: ctx.projectRoot, type: request.report.type, name: request.report.name, secrets: ctx.secrets });
  return { text: maskText(describeTestRun(run, reports)), details: testRunDetails(run) };
}
