import { z } from 'zod';
import { listSavedNames, loadSavedRequest } from '../../../workspace/saved-requests.js';
import { OTHER_ORIGINS_ASK } from '../../../kit/tool-support/request-origin.js';
import { savedRequestPreview } from '../../../kit/tool-support/saved-request-origin.js';
import { ToolError, defineTool } from '../../../kit/tool/tool.js';
import { testRunDetails } from '../../../kit/tool-support/test-run-details.js';
import { toToolError } from '../../../kit/tool-support/workspace-errors.js';
import { maskText } from '../../../safety/mask-text.js';

const schema = z.strictObject({
  request: z.string().min(1).describe('the saved request to run once per row: .falcon/requests/<name>.yaml, e.g. "create-user"'),
  data: z
    .string()
    .min(1)
    .describe(
      'CSV (header row) or JSON (array of objects, or {"rows": [...]}) file inside the project; each column fills {{column}}; an expected_status column sets the status a row expects',
    ),
  concurrency: z.number().int().min(1).max(16).optional().describe('rows sent at once (default 1: in file order)'),
  stop_on_failure: z.boolean().optional().describe('skip the remaining rows after the first failed one (default false)'),
});

export const runDataDrivenTool = defineTool({
  name: 'run_data_driven',
  description: 'Run a saved request once per row of a CSV/JSON file (row values fill {{column}}); writes a report.',
  schema,
  kind: 'network',
  callLimit: 10,
  approvalWhen: OTHER_ORIGINS_ASK,
  async preview(args, ctx) {
    const { readDataRows } = await import('../../../engines/testing/data-driven/read-data-rows.js');
    const data = await readDataRows(ctx.projectRoot, args.data).catch(() => undefined);
    return savedRequestPreview(args.request, ctx, data?.rows);
  },
  async run(args, ctx) {
    const [{ DataFileError, readDataRows }, { runDataDriven }, { writeRunReports }, { describeTestRun }] = await Promise.all([
      import('../../../engines/testing/data-driven/read-data-rows.js'),
      import('../../../engines/testing/data-driven/run-data-driven.js'),
      import('../../../engines/testing/report/write-run-reports.js'),
      import('./describe-test-run.js'),
    ]);
    try {
      const saved = await loadSavedRequest(ctx.projectRoot, args.request).catch(async (error: unknown) => {
        if (!(error instanceof Error) || !error.message.startsWith('No saved request')) throw error;
        const names = await listSavedNames(ctx.projectRoot, 'requests');
        throw new ToolError(`${error.message} ${names.length ? `Saved requests: ${names.join(', ')}.` : 'Save one first with the request tool.'}`);
      });
      const data = await readDataRows(ctx.projectRoot, args.data);
      const run = await runDataDriven(saved, data, {
        variables: ctx.variables,
        concurrency: args.concurrency,
        stopOnFailure: args.stop_on_failure,
        signal: ctx.signal,
        onResult: (_result, done, total) => ctx.progress(`row ${done}/${total}`),
      });
      const reports = await writeRunReports(run, { projectRoot: ctx.projectRoot, type: 'data', name: saved.name, secrets: ctx.secrets });
      return { text: maskText(describeTestRun(run, reports)), details: testRunDetails(run) };
    } catch (error) {
      if (error instanceof DataFileError) throw new ToolError(error.message);
      throw toToolError(error);
    }
  },
});
