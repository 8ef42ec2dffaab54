import { z } from 'zod';
import { STRATEGIES, type Strategy } from '../../../engines/testing/generate/strategies.js';
import { CHECK_NAMES } from '../../../engines/testing/test-run.js';
import { scopeForEnvironment } from '../../../kit/tool-support/environment-scope.js';
import { OTHER_ORIGINS_ASK } from '../../../kit/tool-support/request-origin.js';
import { ToolError, defineTool } from '../../../kit/tool/tool.js';
import { testRunDetails } from '../../../kit/tool-support/test-run-details.js';
import { specInsideProject } from '../../../kit/tool-support/spec-inside-project.js';
import { specTestsPreview } from './spec-tests-preview.js';

// A progress notification per case would flood the client on a run of thousands.
const PROGRESS_STEPS = 20;

const schema = z.strictObject({
  spec: z.string().min(1).optional().describe('an OpenAPI, Swagger or Postman file inside the project, or a URL (default: .falcon/spec.yaml)'),
  base_url: z.string().min(1).optional().describe("where to send the cases (default: the environment's BASE_URL, else the spec's first server URL)"),
  env: z.string().min(1).optional().describe('the environment for BASE_URL and {{VAR}} (default: the active one)'),
  include: z.array(z.string().min(1)).min(1).optional().describe('test only these operations: operationId, "GET /users/{id}", "/users*" or "tag:users"'),
  exclude: z.array(z.string().min(1)).min(1).optional().describe('leave these operations out (same patterns)'),
  strategies: z
    .array(z.enum(STRATEGIES as [Strategy, ...Strategy[]]))
    .min(1)
    .optional()
    .describe('happy, negative, boundary, stateful, fuzz (default: all)'),
  checks: z.array(z.enum(CHECK_NAMES)).min(1).optional().describe('the checks each response is judged by (default: all)'),
  seed: z.number().int().min(0).optional().describe('the same seed and spec give the same cases (default 1)'),
  workers: z.number().int().min(1).max(32).optional().describe('requests in flight at once (default 4)'),
});

/** What `falcon test` does, as a tool: cases generated from the spec, sent, every response checked, a report written. */
export const runSpecTestsTool = defineTool({
  name: 'run_spec_tests',
  description: "Generate test cases from the API's spec, send them, check every response against the spec, and write a report (what `falcon test` does).",
  schema,
  kind: 'network',
  approvalWhen: OTHER_ORIGINS_ASK,
  async preview(args, ctx) {
    return specTestsPreview(args, { ...ctx, variables: await scopeForEnvironment(args.env, ctx) });
  },
  async run(args, ctx) {
    const [{ runSpecTests, SpecTestSetupError }, { maskRun }, { writeRunReports }, { describeTestRun }] = await Promise.all([
      import('../../../engines/testing/run-spec-tests.js'),
      import('../../../engines/testing/report/mask-run.js'),
      import('../../../engines/testing/report/write-run-reports.js'),
      import('../tools/describe-test-run.js'),
    ]);
    const spec = await specInsideProject(args.spec, ctx.projectRoot);
    let every = 1;
    const tested = await runSpecTests({
      projectRoot: ctx.projectRoot,
      spec,
      variables: await scopeForEnvironment(args.env, ctx),
      baseUrl: args.base_url,
      filter: { include: args.include, exclude: args.exclude },
      checks: args.checks,
      strategies: args.strategies,
      seed: args.seed,
      concurrency: args.workers,
      signal: ctx.signal,
      onPlan: (plan) => {
        every = Math.max(1, Math.ceil(plan.cases.length / PROGRESS_STEPS));
        ctx.progress(`${plan.cases.length} cases for ${plan.operations.length} operations of ${plan.specSource} against ${plan.baseUrl}`);
      },
      onResult: (_result, done, total) => {
        if (done === total || done % every === 0) ctx.progress(`${done}/${total} cases`);
      },
    }).catch((error: unknown) => {
      if (error instanceof SpecTestSetupError && error.reason === 'no-spec') {
        throw new ToolError('no spec to test: pass spec (a file inside the project or a URL), or ingest one first with falcon spec ingest');
      }
      throw error;
    });
    const run = maskRun(tested.run, ctx.secrets);
    const reports = await writeRunReports(run, { projectRoot: ctx.projectRoot, type: 'test', name: tested.spec.title, secrets: ctx.secrets });
    return { text: describeTestRun(run, reports), details: testRunDetails(run) };
  },
});
