import { TestSuiteError, type TestSuiteFile } from '../../engines/testing/suite/test-suite-format.js';
import type { TestCase } from '../../engines/testing/test-case.js';
import { ToolError } from '../tool/tool.js';

/** A suite by name (`.falcon/tests/<name>.yaml`) or by the path of a .yaml file inside the project. */
export async function suiteForTool(projectRoot: string, file: string): Promise<TestSuiteFile> {
  const { loadTestSuite, loadTestSuiteFile } = await import('../../engines/testing/suite/test-suite-file.js');
  const byPath = /\.ya?ml$/i.test(file) || /[/\\]/.test(file);
  return (byPath ? loadTestSuiteFile(projectRoot, file) : loadTestSuite(projectRoot, file)).catch((error: unknown) => explainSuiteError(projectRoot, error));
}

/** A TestSuiteError as a ToolError; an unknown suite's also names the suites there are. */
export async function explainSuiteError(projectRoot: string, error: unknown): Promise<never> {
  if (!(error instanceof TestSuiteError)) throw error;
  if (!error.message.startsWith('no test suite')) throw new ToolError(error.message);
  const { listTestSuites } = await import('../../engines/testing/suite/test-suite-file.js');
  const names = await listTestSuites(projectRoot);
  throw new ToolError(
    `${error.message}; ${names.length > 0 ? `suites: ${names.join(', ')}` : 'there are none yet (generate_functional_tests with save creates one)'}`,
  );
}

/** TestSuiteError (a bad name, a malformed file) as the observation; anything else unchanged. */
export function asSuiteToolError(error: unknown): unknown {
  return error instanceof TestSuiteError ? new ToolError(error.message) : error;
}

/**
 * The cases having any of the tags (ignoring case), in their order. A chain is kept whole when any
 * of its steps has one: a later step cannot run without the values the earlier ones extract.
 */
export function casesWithTags(cases: TestCase[], tags: readonly string[] | undefined, from: string): TestCase[] {
  if (!tags || tags.length === 0) return cases;
  const wanted = new Set(tags.map((tag) => tag.toLowerCase()));
  const tagged = (testCase: TestCase) => testCase.tags.some((tag) => wanted.has(tag.toLowerCase()));
  const chains = new Set(cases.filter((testCase) => testCase.chain && tagged(testCase)).map((testCase) => testCase.chain?.id));
  const kept = cases.filter((testCase) => tagged(testCase) || (testCase.chain !== undefined && chains.has(testCase.chain.id)));
  if (kept.length === 0) {
    const known = [...new Set(cases.flatMap((testCase) => testCase.tags))].sort();
    throw new ToolError(
      `no case of ${from} has the tag${tags.length > 1 ? 's' : ''} ${tags.join(', ')}; ${known.length > 0 ? `its tags: ${known.join(', ')}` : 'its cases have no tags'}`,
    );
  }
  return kept;
}
