import { z } from 'zod';
import { completeTestCases, testCaseInputSchema } from '../../../engines/testing/suite/test-case-schema.js';
import type { TestSuiteFile } from '../../../engines/testing/suite/test-suite-file.js';
import type { TestCase } from '../../../engines/testing/test-case.js';
import { ingestedSpecIfAny } from '../../../kit/tool-support/test-spec.js';
import { runTestCases } from './run-test-cases.js';
import { casesWithTags, suiteForTool } from '../../../kit/tool-support/suite-for-tool.js';
import { OTHER_ORIGINS_ASK } from '../../../kit/tool-support/request-origin.js';
import { baseUrlPreview, testBaseUrl } from '../../../kit/tool-support/test-base-url.js';
import { ToolError, type ToolContext, defineTool } from '../../../kit/tool/tool.js';
import { type ToolResult, withText } from '../../../kit/tool/tool-result.js';
import type { TestRunDetails } from '../../../workspace/tool-result-details.js';

const MAX_CASES = 500;

const schema = z.strictObject({
  cases: z
    .array(testCaseInputSchema)
    .min(1)
    .max(MAX_CASES)
    .optional()
    .describe(
      'test cases, each {request: {method, path, pathParams?, query?, headers?, body?, contentType?}, name?, tags?, expectStatus?, expectRejection?, operationId?, extract? (name → JSONPath), chain? {id, step}}, e.g. [{"name": "unknown pet is 404", "request": {"method": "GET", "path": "/pets/{id}", "pathParams": {"id": 999}}, "expectStatus": [404], "tags": ["pets"]}]',
    ),
  file: z.string().min(1).optional().describe('a saved suite instead: its name ("pets" → .falcon/tests/pets.yaml) or a .yaml path inside the project'),
  base_url: z.string().min(1).optional().describe('where to send them, e.g. "http://localhost:3000" (default: the environment\'s BASE_URL)'),
  concurrency: z.number().int().min(1).max(32).optional().describe('cases in flight at once (default 4); steps of a chain always run in order'),
  tags: z.array(z.string().min(1)).min(1).optional().describe('run only the cases having any of these tags'),
});

export const runTestsTool = defineTool({
  name: 'run_tests',
  description: "Run test cases (written here, or a saved suite) against the API with the spec's checks; writes a report.",
  schema,
  kind: 'network',
  approvalWhen: OTHER_ORIGINS_ASK,
  preview: (args, ctx) => baseUrlPreview(args.base_url, 'the test cases', ctx),
  callLimit: 15,
  async run(args, ctx) {
    if ((args.cases === undefined) === (args.file === undefined)) {
      throw new ToolError(
        args.cases
          ? 'give either cases or file, not both'
          : 'give cases (a list of test cases, each with at least a request {method, path}) or file (a suite name such as "pets", or a .yaml path)',
      );
    }
    const suite = args.file === undefined ? undefined : await suiteForTool(ctx.projectRoot, args.file);
    return runCaseSet(suite ?? completeTestCases(args.cases ?? []), args, ctx);
  },
});

/** Runs a suite's cases or the given ones (those with any of `tags`), with the spec when one is ingested. */
export async function runCaseSet(
  set: TestSuiteFile | TestCase[],
  options: { tags?: string[]; base_url?: string; concurrency?: number },
  ctx: ToolContext,
): Promise<ToolResult<TestRunDetails>> {
  const suite = Array.isArray(set) ? undefined : set;
  const all = Array.isArray(set) ? set : set.cases;
  const from = suite ? `suite "${suite.name}"` : 'the given cases';
  const cases = casesWithTags(all, options.tags, from);
  const spec = await ingestedSpecIfAny(ctx.projectRoot);
  const baseUrl = await testBaseUrl(options.base_url, ctx);
  const result = await runTestCases(
    {
      cases,
      baseUrl,
      spec,
      concurrency: options.concurrency,
      title: suite ? `Suite ${suite.name}` : undefined,
      report: { type: 'test', name: suite?.name ?? 'cases' },
    },
    ctx,
  );
  const tags = options.tags;
  return tags ? withText(result, (text) => `Tags ${tags.join(', ')}: ${cases.length} of ${all.length} cases of ${from}.\n${text}`) : result;
}
