import { z } from 'zod';
import type { FalconSpec, SpecOperation } from '../../../engines/spec/spec-format.js';
import { completeTestCases } from '../../../engines/testing/suite/test-case-schema.js';
import type { TestCase } from '../../../engines/testing/test-case.js';
import type { CheckName } from '../../../engines/testing/test-run.js';
import { ingestedSpecIfAny } from '../../../kit/tool-support/test-spec.js';
import { operationsForTool } from './operations-for-tool.js';
import { runTestCases } from './run-test-cases.js';
import { OTHER_ORIGINS_ASK } from '../../../kit/tool-support/request-origin.js';
import { baseUrlPreview, testBaseUrl } from '../../../kit/tool-support/test-base-url.js';
import { ToolError, defineTool } from '../../../kit/tool/tool.js';
import { withText } from '../../../kit/tool/tool-result.js';
import { specLabel } from '../../../engines/spec/summarize-spec.js';

const SMOKE_CONCURRENCY = 8;

const schema = z.strictObject({
  base_url: z.string().min(1).optional().describe('e.g. "http://localhost:3000" (default: the environment\'s BASE_URL)'),
  endpoints: z
    .array(z.string().min(1))
    .min(1)
    .optional()
    .describe('only these: operationIds, "GET /pets", "/pets*", "tag:pets"; without a spec, the "GET /path" requests to send'),
});

export const runSmokeTool = defineTool({
  name: 'run_smoke',
  description: 'Smoke-test the API: each GET of the spec needing no parameters, and a health probe, checked against the spec; writes a report.',
  schema,
  kind: 'network',
  approvalWhen: OTHER_ORIGINS_ASK,
  preview: (args, ctx) => baseUrlPreview(args.base_url, 'the smoke tests', ctx),
  callLimit: 10,
  async run(args, ctx) {
    const spec = await ingestedSpecIfAny(ctx.projectRoot);
    const plan = spec ? await planFromSpec(spec, args.endpoints) : await planFromEndpoints(args.endpoints);
    const baseUrl = await testBaseUrl(args.base_url, ctx);
    const result = await runTestCases(
      {
        ...plan,
        baseUrl,
        spec,
        concurrency: SMOKE_CONCURRENCY,
        title: spec ? `Smoke test of ${specLabel(spec)}` : 'Smoke test',
        report: { type: 'smoke', name: spec?.title ?? 'endpoints' },
      },
      ctx,
    );
    const note = plan.note;
    return note ? withText(result, (text) => `${note}\n${text}`) : result;
  },
});

interface SmokePlan {
  cases: TestCase[];
  checks?: readonly CheckName[];
  operationsInScope?: number;
  /** What the smoke test left out, first in the observation. */
  note?: string;
}

async function planFromSpec(spec: FalconSpec, endpoints: string[] | undefined): Promise<SmokePlan> {
  const operations = await operationsForTool(spec, endpoints);
  if (spec.kind === 'graphql') return graphqlSmokePlan(spec, operations);
  const { smokeCases } = await import('../../../engines/testing/generate/smoke-cases.js');
  const cases = smokeCases(operations);
  const smoked = new Set(cases.flatMap((testCase) => testCase.operationId ?? [])).size;
  const left = operations.length - smoked;
  const note =
    left > 0
      ? `${left} of ${operations.length} operations were not smoked (not GETs, or they need parameters): generate_functional_tests covers them.`
      : undefined;
  return { cases, operationsInScope: operations.length, note };
}

/** A GraphQL spec: each query once, with valid variables; mutations are left to generate_functional_tests. */
async function graphqlSmokePlan(spec: FalconSpec, operations: SpecOperation[]): Promise<SmokePlan> {
  const { generateGraphQLCases } = await import('../../../engines/testing/graphql/graphql-cases.js');
  const queries = operations.filter((operation) => operation.id.startsWith('query.'));
  const cases = generateGraphQLCases(spec, queries, { strategies: ['happy'] })
    .filter((testCase) => testCase.id.endsWith('/happy/valid'))
    .map((testCase): TestCase => ({ ...testCase, kind: 'smoke', tags: ['smoke'] }));
  const left = operations.length - queries.length;
  const note = left > 0 ? `${left} of ${operations.length} operations were not smoked (mutations): generate_functional_tests covers them.` : undefined;
  return { cases, operationsInScope: operations.length, ...(note && { note }) };
}

/** No spec: the endpoints named, with only the not-a-server-error check, plus the health probe. */
async function planFromEndpoints(endpoints: string[] | undefined): Promise<SmokePlan> {
  if (!endpoints) {
    throw new ToolError(
      'no spec ingested yet (.falcon/spec.yaml is missing): call ingest_spec with the OpenAPI or Postman file, or give endpoints such as ["GET /health", "GET /users"]',
    );
  }
  const requests = endpoints.map((endpoint) => {
    const match = /^([A-Za-z]+)\s+(\/[^\s?]*)(?:\?(\S*))?$/.exec(endpoint.trim());
    if (!match) throw new ToolError(`endpoint "${endpoint}" is not "METHOD /path"; without a spec, give requests such as "GET /users"`);
    const [, method = '', path = '', search] = match;
    if (/\{[^}]*\}/.test(path)) throw new ToolError(`endpoint "${endpoint}" has a {parameter}: without a spec, give a concrete path such as /users/1`);
    return { method: method.toUpperCase(), path, ...(search ? { query: Object.fromEntries(new URLSearchParams(search)) } : {}) };
  });
  const cases = completeTestCases(requests.map((request) => ({ kind: 'smoke' as const, tags: ['smoke'], request })));
  const { smokeCases } = await import('../../../engines/testing/generate/smoke-cases.js');
  const probe = smokeCases([]).filter(
    (candidate) => !cases.some((testCase) => testCase.request.method === 'GET' && testCase.request.path === candidate.request.path),
  );
  return { cases: [...cases, ...probe], checks: ['not_a_server_error'] };
}
