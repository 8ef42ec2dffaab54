import { z } from 'zod';
import type { CaptureReport } from '../../../engines/testing/regression/capture-regression.js';
import type { RegressionReport } from '../../../engines/testing/regression/compare-regression.js';
import { RegressionError } from '../../../engines/testing/regression/regression-set.js';
import { listOperations, operationsForTool } from './operations-for-tool.js';
import { OTHER_ORIGINS_ASK } from '../../../kit/tool-support/request-origin.js';
import { baseUrlPreview, testBaseUrl } from '../../../kit/tool-support/test-base-url.js';
import { ingestedSpecForTool } from '../../../kit/tool-support/test-spec.js';
import { ToolError, type ToolContext, defineTool } from '../../../kit/tool/tool.js';
import { testRunDetails } from '../../../kit/tool-support/test-run-details.js';
import { toToolError } from '../../../kit/tool-support/workspace-errors.js';
import { maskText } from '../../../safety/mask-text.js';

const schema = z.strictObject({
  baseline: z
    .string()
    .regex(/^[A-Za-z0-9_][\w-]{0,59}$/, 'a name of letters, digits, _ and -')
    .describe('name of the baseline set: one file per GET operation, .falcon/baselines/<baseline>.<operationId>.json'),
  action: z
    .enum(['capture', 'compare'])
    .optional()
    .describe('capture: send and save (replacing); compare: send again and report differences (default: compare when the baseline exists, else capture)'),
  endpoints: z.array(z.string().min(1)).optional().describe('GET operations to include: operationId, "GET /pets", "/pets*" or "tag:pets" (default: all)'),
  base_url: z
    .string()
    .min(1)
    .optional()
    .describe('the API, e.g. http://localhost:3000 (default: {{BASE_URL}}); compare sends each captured path and query to its origin'),
  ignore_fields: z.array(z.string().min(1)).optional().describe('compare: fields left out, JSONPaths ("$..etag") or names at any depth ("updatedAt")'),
  ignore_volatile: z.boolean().optional().describe('compare: leave out fields named like clocks, request ids or nonces, or holding a date-time (default true)'),
});

type Args = z.infer<typeof schema>;

export const checkRegressionTool = defineTool({
  name: 'check_regression',
  description: "Capture the spec's GET answers as a named baseline, or send them again and report every difference.",
  schema,
  kind: 'network',
  approvalWhen: OTHER_ORIGINS_ASK,
  preview: (args, ctx) => baseUrlPreview(args.base_url, 'the regression requests', ctx),
  callLimit: 10,
  async run(args, ctx) {
    const spec = await ingestedSpecForTool(ctx.projectRoot);
    const baseUrl = await testBaseUrl(args.base_url, ctx);
    const operations = await operationsForTool(spec, args.endpoints);
    const { BaselineError, listBaselineSet } = await import('../../../engines/assertions/baseline-store.js');
    try {
      const action = args.action ?? ((await listBaselineSet(ctx.projectRoot, args.baseline)).length > 0 ? 'compare' : 'capture');
      const options = {
        projectRoot: ctx.projectRoot,
        baseline: args.baseline,
        baseUrl,
        variables: ctx.variables,
        signal: ctx.signal,
        onProgress: progress(ctx),
      };
      if (action === 'capture') {
        if (!operations.some((operation) => operation.method === 'GET')) {
          throw new ToolError(`no GET operation in scope (${listOperations(operations)}): only GETs are captured`);
        }
        const { captureRegression } = await import('../../../engines/testing/regression/capture-regression.js');
        return maskText(describeCapture(args, baseUrl, await captureRegression(spec, operations, options)));
      }
      const [{ compareRegression }, { writeRunReports }] = await Promise.all([
        import('../../../engines/testing/regression/compare-regression.js'),
        import('../../../engines/testing/report/write-run-reports.js'),
      ]);
      const report = await compareRegression(spec, operations, { ...options, ignoreFields: args.ignore_fields, ignoreVolatile: args.ignore_volatile });
      const reports = await writeRunReports(report.run, { projectRoot: ctx.projectRoot, type: 'regression', name: args.baseline, secrets: ctx.secrets });
      return { text: maskText(await describeComparison(report, reports)), details: testRunDetails(report.run) };
    } catch (error) {
      if (error instanceof RegressionError || error instanceof BaselineError) throw new ToolError(error.message);
      throw toToolError(error);
    }
  },
});

function describeCapture(args: Args, baseUrl: string, report: CaptureReport): string {
  const count = report.captured.length;
  const lines = [
    count === 0
      ? `Captured nothing for baseline "${args.baseline}" from ${baseUrl}.`
      : `Captured baseline "${args.baseline}" from ${baseUrl}: ${count} GET operation${count === 1 ? '' : 's'} → .falcon/baselines/${args.baseline}.<operationId>.json`,
    ...report.captured.map((captured) => `- ${captured.operationId}: ${captured.status}`),
  ];
  if (report.notCaptured.length > 0)
    lines.push(`Not captured (${report.notCaptured.length}):`, ...report.notCaptured.map((item) => `- ${item.operationId}: ${item.reason}`));
  if (report.kept.length > 0) lines.push(`Kept from an earlier capture: ${report.kept.join(', ')}.`);
  if (count > 0) lines.push(`Compare later with check_regression {"baseline": "${args.baseline}"}.`);
  return lines.join('\n');
}

async function describeComparison(report: RegressionReport, reports: string[]): Promise<string> {
  const { describeTestRun } = await import('./describe-test-run.js');
  const lines = [describeTestRun(report.run, reports)];
  if (report.gone.length > 0) lines.push('', `Captured but no longer in the spec (not compared): ${report.gone.join(', ')}.`);
  if (report.added.length > 0) lines.push('', `No baseline in the set for (not compared; capture again to include them): ${report.added.join(', ')}.`);
  const ignored = Object.entries(report.volatileFields).map(([operationId, fields]) => `${operationId}: ${fields.join(', ')}`);
  if (ignored.length > 0) lines.push('', `Ignored as volatile (clocks, request ids, nonces) — ${ignored.join('; ')}.`);
  return lines.join('\n');
}

function progress(ctx: ToolContext): (operationId: string, done: number, total: number) => void {
  return (operationId, done, total) => ctx.progress(`${done}/${total} ${operationId}`);
}
