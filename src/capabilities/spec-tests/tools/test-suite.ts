import { z } from 'zod';
import type { TestSuiteFile } from '../../../engines/testing/suite/test-suite-file.js';
import type { TestCase } from '../../../engines/testing/test-case.js';
import { OTHER_ORIGINS_ASK } from '../../../kit/tool-support/request-origin.js';
import { runCaseSet } from './run-tests.js';
import { casesWithTags, explainSuiteError, suiteForTool } from '../../../kit/tool-support/suite-for-tool.js';
import { baseUrlPreview } from '../../../kit/tool-support/test-base-url.js';
import { defineActions } from '../../../kit/tool-support/tool-actions.js';
import { defineTool } from '../../../kit/tool/tool.js';

const SHOWN_CASES = 40;

const actions = defineActions(
  'test_suite',
  {
    name: z.string().min(1).describe('the suite, e.g. "pets" for .falcon/tests/pets.yaml'),
    base_url: z.string().min(1).describe("where to send the cases (default: the environment's BASE_URL)"),
    tags: z.array(z.string().min(1)).min(1).describe('only the cases having any of these tags'),
  },
  (action) => ({
    list: action({ readOnly: true, run: (_args, ctx) => list(ctx.projectRoot) }),
    show: action({
      readOnly: true,
      required: ['name'],
      optional: ['tags'],
      async run({ name, tags }, ctx) {
        const suite = await suiteForTool(ctx.projectRoot, name);
        return show(suite, casesWithTags(suite.cases, tags, `suite "${suite.name}"`));
      },
    }),
    run: action({
      required: ['name'],
      optional: ['base_url', 'tags'],
      preview: ({ base_url }, ctx) => baseUrlPreview(base_url, "the suite's cases", ctx),
      run: async (args, ctx) => runCaseSet(await suiteForTool(ctx.projectRoot, args.name), args, ctx),
    }),
    delete: action({
      required: ['name'],
      async run({ name }, ctx) {
        const { deleteTestSuite } = await import('../../../engines/testing/suite/test-suite-file.js');
        const file = await deleteTestSuite(ctx.projectRoot, name).catch((error: unknown) => explainSuiteError(ctx.projectRoot, error));
        return `Deleted test suite "${name}" (${file}).`;
      },
    }),
  }),
);

// No preview for delete: a preview asks before every call of the tool (list, show and run too), and
// these files are Falcon's own notes in .falcon/tests/, which the request tool deletes alike.
export const testSuiteTool = defineTool({
  name: 'test_suite',
  description: 'List, show, run or delete the saved test suites in .falcon/tests/.',
  schema: actions.schema,
  readOnly: actions.readOnly,
  kind: 'write',
  approvalWhen: OTHER_ORIGINS_ASK,
  preview: actions.preview,
  callLimit: 20,
  run: actions.run,
});

async function list(projectRoot: string): Promise<string> {
  const { listTestSuites, loadTestSuite } = await import('../../../engines/testing/suite/test-suite-file.js');
  const names = await listTestSuites(projectRoot);
  if (names.length === 0) return 'No test suites in .falcon/tests/ yet: generate_functional_tests with save creates one.';
  const lines = await Promise.all(
    names.map(async (name) => {
      try {
        const suite = await loadTestSuite(projectRoot, name);
        return `- ${name}: ${count(suite.cases.length, 'case')} (${byKind(suite.cases)}), created ${suite.createdAt.slice(0, 10)}${suite.description ? ` — ${suite.description}` : ''}`;
      } catch (error) {
        return `- ${name}: unreadable — ${(error as Error).message}`;
      }
    }),
  );
  return [`${count(names.length, 'test suite')} in .falcon/tests/:`, ...lines].join('\n');
}

function show(suite: TestSuiteFile, cases: TestCase[]): string {
  const from = suite.spec ? `, from ${suite.spec}` : '';
  const lines = [
    `Suite "${suite.name}": ${count(suite.cases.length, 'case')} (${byKind(suite.cases)}), created ${suite.createdAt}${from}.`,
    ...(suite.description ? [suite.description] : []),
    ...(cases.length < suite.cases.length ? [`${count(cases.length, 'case')} with the tags asked for:`] : []),
    ...cases.slice(0, SHOWN_CASES).map(describeCase),
  ];
  if (cases.length > SHOWN_CASES) lines.push(`… and ${cases.length - SHOWN_CASES} more (narrow with tags, or read the file with falcon_read).`);
  return lines.join('\n');
}

function describeCase(testCase: TestCase): string {
  const expects = testCase.expectStatus ? ` expects ${testCase.expectStatus.join('/')}` : testCase.expectRejection ? ' expects a rejection' : '';
  const chain = testCase.chain ? ` chain ${testCase.chain.id}#${testCase.chain.step}` : '';
  const tags = testCase.tags.length > 0 ? ` [${testCase.tags.join(', ')}]` : '';
  const name = testCase.name.length > 100 ? `${testCase.name.slice(0, 100)}…` : testCase.name;
  return `- ${testCase.id} (${testCase.kind}): ${testCase.request.method} ${testCase.request.path} — ${name}${expects}${chain}${tags}`;
}

function byKind(cases: TestCase[]): string {
  const counts = new Map<string, number>();
  for (const testCase of cases) counts.set(testCase.kind, (counts.get(testCase.kind) ?? 0) + 1);
  return [...counts].map(([kind, total]) => `${kind} ${total}`).join(', ');
}

function count(total: number, noun: string): string {
  return `${total} ${noun}${total === 1 ? '' : 's'}`;
}
