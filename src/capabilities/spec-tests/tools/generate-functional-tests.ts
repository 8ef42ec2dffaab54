import { z } from 'zod';
import type { FalconSpec, SpecOperation } from '../../../engines/spec/spec-format.js';
import { STRATEGIES, type Strategy } from '../../../engines/testing/generate/strategies.js';
import type { TestCase } from '../../../engines/testing/test-case.js';
import { limitCases } from './limit-cases.js';
import { operationsForTool } from './operations-for-tool.js';
import { runTestCases } from './run-test-cases.js';
import { asSuiteToolError } from '../../../kit/tool-support/suite-for-tool.js';
import { OTHER_ORIGINS_ASK } from '../../../kit/tool-support/request-origin.js';
import { baseUrlPreview, testBaseUrl } from '../../../kit/tool-support/test-base-url.js';
import { ingestedSpecForTool } from '../../../kit/tool-support/test-spec.js';
import { ToolError, type ToolContext, defineTool } from '../../../kit/tool/tool.js';
import { withText } from '../../../kit/tool/tool-result.js';
import { specLabel } from '../../../engines/spec/summarize-spec.js';

const SAMPLE_SIZE = 12;
/** Fuzz cases draw their inputs only when run, many requests each: the model asks for them by name. */
const DEFAULT_STRATEGIES = STRATEGIES.filter((strategy) => strategy !== 'fuzz');
const SHOWN_OPERATIONS = 15;

const schema = z.strictObject({
  strategies: z
    .array(z.enum(STRATEGIES as [Strategy, ...Strategy[]]))
    .min(1)
    .optional()
    .describe(
      'happy (valid), negative (must be rejected), boundary (schema limits), stateful (create → read/update/delete), fuzz (random inputs, failures shrunk); default all but fuzz',
    ),
  endpoints: z.array(z.string().min(1)).min(1).optional().describe('only these: operationIds, "POST /pets", "/pets*", "tag:pets"'),
  execute: z.boolean().default(false).describe('also run the cases now, with every check'),
  save: z.string().min(1).optional().describe('save as the suite .falcon/tests/<save>.yaml'),
  base_url: z.string().min(1).optional().describe("execute: where the API runs (default: the environment's BASE_URL)"),
  max_cases: z.number().int().min(1).max(5000).optional().describe('keep at most this many cases (whole chains)'),
});

type GenerateArgs = z.infer<typeof schema>;

export const generateFunctionalTestsTool = defineTool({
  name: 'generate_functional_tests',
  description: 'Generate functional test cases from the ingested spec; optionally save them as a suite and run them.',
  schema,
  kind: 'network',
  readOnly: (args) =>
    args.execute ? 'sends the cases, which may change data, and writes a report' : args.save !== undefined ? 'saves a suite in .falcon/tests/' : undefined,
  approvalWhen: OTHER_ORIGINS_ASK,
  preview: (args, ctx) => baseUrlPreview(args.execute ? args.base_url : undefined, 'the generated tests', ctx),
  callLimit: 10,
  async run(args, ctx) {
    if (args.save !== undefined) {
      const { checkSuiteName } = await import('../../../engines/testing/suite/test-suite-file.js');
      try {
        checkSuiteName(args.save);
      } catch (error) {
        throw asSuiteToolError(error);
      }
    }
    if (args.base_url !== undefined && !args.execute) throw new ToolError('base_url is only used with execute: true; pass execute: true to run the cases');
    const spec = await ingestedSpecForTool(ctx.projectRoot);
    const operations = await operationsForTool(spec, args.endpoints);
    // Before generating: a missing base URL should not cost a generation.
    const baseUrl = args.execute ? await testBaseUrl(args.base_url, ctx) : undefined;
    const strategies = args.strategies ?? DEFAULT_STRATEGIES;
    ctx.progress(`generating cases for ${operations.length} operation${operations.length === 1 ? '' : 's'}`);
    const generated = await generatedCases(spec, operations, strategies);
    ctx.signal.throwIfAborted();
    if (generated.length === 0) {
      throw new ToolError(
        `no cases could be generated for ${operations.length} operation${operations.length === 1 ? '' : 's'} with the strategies ${strategies.join(', ')}; try other strategies or endpoints`,
      );
    }
    const cases = args.max_cases === undefined ? generated : limitCases(generated, args.max_cases);
    if (cases.length === 0)
      throw new ToolError(`max_cases ${args.max_cases} is less than the steps of the first chain: raise it, or leave out the stateful strategy`);
    const lines = describeCases(spec, operations, strategies, generated.length, cases);
    if (args.save !== undefined) lines.push('', await save(args, args.save, spec, strategies, cases, ctx));
    if (baseUrl === undefined) {
      lines.push('', 'Not run: pass execute: true to send them now, or run the saved suite later with run_tests.');
      return lines.join('\n');
    }
    const result = await runTestCases(
      { cases, baseUrl, spec, operationsInScope: operations.length, report: { type: 'functional', name: args.save ?? spec.title } },
      ctx,
    );
    return withText(result, (text) => [...lines, '', text].join('\n'));
  },
});

async function generatedCases(spec: FalconSpec, operations: SpecOperation[], strategies: readonly Strategy[]): Promise<TestCase[]> {
  if (spec.kind === 'graphql') {
    const { generateGraphQLCases } = await import('../../../engines/testing/graphql/graphql-cases.js');
    return generateGraphQLCases(spec, operations, { strategies });
  }
  const { generateCases } = await import('../../../engines/testing/generate/generate-cases.js');
  return generateCases(spec, operations, { strategies });
}

function describeCases(spec: FalconSpec, operations: SpecOperation[], strategies: readonly Strategy[], generated: number, cases: TestCase[]): string[] {
  const kept = cases.length < generated ? ` (kept ${cases.length} of ${generated} by max_cases)` : '';
  const perOperation = countBy(cases, (testCase) => testCase.operationId ?? '(no operation)');
  const shownOperations = perOperation.slice(0, SHOWN_OPERATIONS).map(([id, total]) => `${id} ${total}`);
  if (perOperation.length > SHOWN_OPERATIONS) shownOperations.push(`… and ${perOperation.length - SHOWN_OPERATIONS} more operations`);
  return [
    `Generated ${cases.length} case${cases.length === 1 ? '' : 's'}${kept} for ${operations.length} operation${operations.length === 1 ? '' : 's'} of ${specLabel(spec)} (strategies: ${strategies.join(', ')}).`,
    `By kind: ${countBy(cases, (testCase) => testCase.kind)
      .map(([kind, total]) => `${kind} ${total}`)
      .join(', ')}.`,
    `By operation: ${shownOperations.join(', ')}.`,
    `Sample:`,
    ...sample(cases).map(describeSampleCase),
  ];
}

/** Up to SAMPLE_SIZE cases, taking kinds in turn and, within a kind, operations in turn, so that the sample is varied. */
function sample(cases: TestCase[]): TestCase[] {
  const byKind = groupBy(cases, (testCase) => testCase.kind).map((group) => interleave(groupBy(group, (testCase) => testCase.operationId ?? '')));
  return interleave(byKind).slice(0, SAMPLE_SIZE);
}

function groupBy(cases: TestCase[], key: (testCase: TestCase) => string): TestCase[][] {
  const groups = new Map<string, TestCase[]>();
  for (const testCase of cases) groups.set(key(testCase), [...(groups.get(key(testCase)) ?? []), testCase]);
  return [...groups.values()];
}

/** The first of each group, then the second of each, and so on. */
function interleave(groups: TestCase[][]): TestCase[] {
  const longest = Math.max(0, ...groups.map((group) => group.length));
  return Array.from({ length: longest }, (_, index) => groups.flatMap((group) => group[index] ?? [])).flat();
}

function describeSampleCase(testCase: TestCase): string {
  const name = testCase.name.length > 100 ? `${testCase.name.slice(0, 100)}…` : testCase.name;
  return `- ${testCase.id}: ${name}${testCase.mutation ? ` — ${testCase.mutation}` : ''}`;
}

function countBy(cases: TestCase[], key: (testCase: TestCase) => string): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const testCase of cases) counts.set(key(testCase), (counts.get(key(testCase)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
}

async function save(args: GenerateArgs, name: string, spec: FalconSpec, strategies: readonly Strategy[], cases: TestCase[], ctx: ToolContext): Promise<string> {
  const { listTestSuites, saveTestSuite, SUITE_FORMAT } = await import('../../../engines/testing/suite/test-suite-file.js');
  const existed = (await listTestSuites(ctx.projectRoot)).includes(name);
  const scope = args.endpoints ? `; endpoints ${args.endpoints.join(', ')}` : '';
  const file = await saveTestSuite(ctx.projectRoot, {
    format: SUITE_FORMAT,
    name,
    description: `Generated from ${specLabel(spec)} (strategies ${strategies.join(', ')}${scope})`,
    createdAt: new Date().toISOString(),
    spec: spec.source,
    cases,
  }).catch((error: unknown) => {
    throw asSuiteToolError(error);
  });
  return `${existed ? 'Replaced' : 'Saved'} suite "${name}" → ${file}; run it with run_tests {"file": "${name}"} or test_suite {"action": "run", "name": "${name}"}.`;
}
