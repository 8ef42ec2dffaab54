import path from 'node:path';
import { endpointWords, kebabName } from '../endpoint.js';
import { type ExistingTest, findExistingTest } from '../existing-test.js';
import type { TestFilePlan, TestPlanInput, TestWriter } from '../test-plan.js';
import { findNodeApp } from './node-app.js';
import {
  NODE_TEST_PATTERNS,
  SENDS_REQUESTS,
  assertionsIn,
  completeImports,
  defaultAssertions,
  hooksOf,
  runCommand,
  runnerImports,
  transportIn,
  transportLabel,
} from './node-conventions.js';
import { type NodeProject, defaultTestFolder, readNodeProject } from './node-project.js';
import { nodeTestCase } from './node-test-case.js';
import { renameOuterDescribe, splitJsTest } from './split-js-test.js';

const TEST_NAME = /((?:\.[\w-]*(?:test|spec))?)(\.[mc]?[jt]sx?)$/;

/** A vitest/jest/mocha/node:test file, sending requests the way the project's tests do. */
export const writeNodeTest: TestWriter = async (input) => {
  const project = await readNodeProject(input.projectRoot);
  const existing = await findExistingTest(input.projectRoot, NODE_TEST_PATTERNS, SENDS_REQUESTS);
  const folder = existing ? path.posix.dirname(existing.path) : await defaultTestFolder(input.projectRoot);
  const [, suffix = '.test', extension = project.typescript ? '.ts' : '.js'] = existing ? (TEST_NAME.exec(existing.path) ?? []) : [];
  const file = `${folder === '.' ? '' : `${folder}/`}${kebabName(endpointWords(input.endpoint))}${suffix}${extension}`;
  const cloned = existing && cloneExisting(existing, project, input);
  const plan = cloned ?? (await writeFromScratch(project, input, folder, existing));
  return { ...plan, path: file, command: runCommand(project, file) };
};

/** The existing test's imports and setup, with the new case where its first case was. */
function cloneExisting(existing: ExistingTest, project: NodeProject, input: TestPlanInput): Omit<TestFilePlan, 'path' | 'command'> | undefined {
  const parts = splitJsTest(existing.text);
  const transport = transportIn(existing.text);
  if (!parts || !transport) return undefined;
  const assertions = assertionsIn(existing.text, project.runner);
  const names = [parts.testFunction, ...(assertions === 'jest' ? ['expect'] : [])];
  const prefix = completeImports(renameOuterDescribe(parts.prefix, title(input)), project, assertions, names);
  const testCase = nodeTestCase({ testFunction: parts.testFunction, assertions, transport, example: input.example, indent: parts.indent });
  const hooks = parts.trailingHooks.map((hook) => `\n\n${hook}`).join('');
  const closing = parts.closing.length > 0 ? `\n${parts.closing.join('\n')}` : '';
  return {
    content: `${prefix}${testCase}${hooks}${closing}\n`,
    style: `${project.runner} + ${transportLabel(transport)}`,
    basedOn: existing.path,
    notes: [`imports and setup copied from ${existing.path}`],
  };
}

async function writeFromScratch(
  project: NodeProject,
  input: TestPlanInput,
  folder: string,
  existing: ExistingTest | undefined,
): Promise<Omit<TestFilePlan, 'path' | 'command'>> {
  const hooks = hooksOf(project.runner);
  const app = await findNodeApp(input.projectRoot, project, input.framework, folder, hooks, input.baseUrl);
  const assertions = existing ? assertionsIn(existing.text, project.runner) : defaultAssertions(project.runner);
  const setupText = app.setup.join('\n');
  const names = ['describe', 'it', ...[hooks.before, hooks.after].filter((hook) => new RegExp(`^${hook}\\(`, 'm').test(setupText))];
  const testCase = nodeTestCase({ testFunction: 'it', assertions, transport: app.transport, example: input.example, indent: '  ' });
  const setup = app.setup.map((line) => (line ? `  ${line}` : ''));
  const lines = [
    ...runnerImports(project, assertions, names),
    ...app.imports,
    '',
    `describe('${title(input).replaceAll("'", "\\'")}', () => {`,
    ...setup,
    testCase,
    '});',
  ];
  return {
    content: `${lines.join('\n')}\n`,
    style: `${project.runner} + ${transportLabel(app.transport)}`,
    ...(existing && { basedOn: existing.path }),
    notes: app.notes,
  };
}

function title({ endpoint }: TestPlanInput): string {
  return `${endpoint.method} ${endpoint.template}`;
}
