import { z } from 'zod';
import { DEFAULT_REPEAT, IDEMPOTENT_METHODS } from '../../../engines/testing/idempotency/idempotent-methods.js';
import { listOperations, operationsForTool } from './operations-for-tool.js';
import { OTHER_ORIGINS_ASK } from '../../../kit/tool-support/request-origin.js';
import { baseUrlPreview, testBaseUrl } from '../../../kit/tool-support/test-base-url.js';
import { ingestedSpecForTool } from '../../../kit/tool-support/test-spec.js';
import { ToolError, defineTool } from '../../../kit/tool/tool.js';
import { testRunDetails } from '../../../kit/tool-support/test-run-details.js';
import { maskText } from '../../../safety/mask-text.js';

const schema = z.strictObject({
  endpoints: z
    .array(z.string().min(1))
    .optional()
    .describe('operations to check: operationId, "GET /pets/{petId}", "/pets*" or "tag:pets" (default: every GET, HEAD, OPTIONS, PUT and DELETE of the spec)'),
  repeat: z.number().int().min(2).max(10).optional().describe(`times each request is sent in a row (default ${DEFAULT_REPEAT})`),
  base_url: z.string().min(1).optional().describe('the API under test, e.g. http://localhost:3000 (default: {{BASE_URL}} of the active environment)'),
});

export const verifyIdempotencyTool = defineTool({
  name: 'verify_idempotency',
  description: "Send the spec's idempotent operations several times; report answers that change.",
  schema,
  kind: 'network',
  approvalWhen: OTHER_ORIGINS_ASK,
  preview: (args, ctx) => baseUrlPreview(args.base_url, 'the repeated requests', ctx),
  callLimit: 10,
  async run(args, ctx) {
    const spec = await ingestedSpecForTool(ctx.projectRoot);
    const baseUrl = await testBaseUrl(args.base_url, ctx);
    const operations = await operationsForTool(spec, args.endpoints);
    if (!operations.some((operation) => IDEMPOTENT_METHODS.includes(operation.method))) {
      throw new ToolError(
        `no operation in scope uses an idempotent method (${IDEMPOTENT_METHODS.join(', ')}): ${listOperations(operations)}; POST and PATCH are never repeated`,
      );
    }
    const [{ verifyIdempotency }, { writeRunReports }, { describeTestRun }] = await Promise.all([
      import('../../../engines/testing/idempotency/verify-idempotency.js'),
      import('../../../engines/testing/report/write-run-reports.js'),
      import('./describe-test-run.js'),
    ]);
    const { run, volatileFields } = await verifyIdempotency(spec, operations, {
      baseUrl,
      repeat: args.repeat,
      variables: ctx.variables,
      signal: ctx.signal,
      onResult: (result, done, total) => ctx.progress(`${done}/${total} ${result.case.operationId ?? result.case.name}`),
    });
    const reports = await writeRunReports(run, { projectRoot: ctx.projectRoot, type: 'idempotency', name: spec.title, secrets: ctx.secrets });
    const ignored = Object.entries(volatileFields).map(([operationId, fields]) => `${operationId}: ${fields.join(', ')}`);
    const note = ignored.length > 0 ? `\n\nIgnored as volatile (clocks, request ids, nonces) — ${ignored.join('; ')}.` : '';
    return { text: maskText(describeTestRun(run, reports) + note), details: testRunDetails(run) };
  },
});
