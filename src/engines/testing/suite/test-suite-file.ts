import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';
import { falconPath } from '../../../workspace/falcon-dir.js';
import { resolveInsideProject } from '../../../safety/project-path.js';
import { replaceFile } from '../../../safety/atomic-write.js';
import { refuseLinkedFolder } from '../../../safety/linked-folder.js';
import type { ParamValue } from '../../http/prepare-request.js';
import type { TestCase } from '../test-case.js';
import { parseTestSuite } from './parse-test-suite.js';
import { SUITE_FORMAT, TestSuiteError, type TestSuiteFile } from './test-suite-format.js';
import { maskNamedValue } from '../../../safety/secret-assignments.js';

export { SUITE_FORMAT, type TestSuiteFile } from './test-suite-format.js';

export const TESTS_FOLDER = 'tests';

const YAML_FILE = /^(.+)\.ya?ml$/i;
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

/** Suite names become file names: letters, digits, `-`, `_` and `.`, no folders, no `.yaml` ending. */
export function checkSuiteName(name: string): void {
  if (!SAFE_NAME.test(name) || YAML_FILE.test(name)) {
    throw new TestSuiteError(
      `"${name}" cannot be a suite name: use letters, digits, "-", "_" or "." (up to 100, starting with a letter or digit, no .yaml ending), e.g. "pets-functional"`,
    );
  }
}

/**
 * Writes `.falcon/tests/<name>.yaml` in one step (over `<name>.yml` when that is the existing file)
 * and returns its project-relative path. The text is read back through the parser first, so a
 * suite that could not be loaded again is refused and nothing is written.
 */
export async function saveTestSuite(projectRoot: string, suite: TestSuiteFile): Promise<string> {
  const { file, shown } = await testSuiteFile(projectRoot, suite.name);
  const text = renderTestSuite(suite, shown);
  refuseLinkedFolder(projectRoot, falconPath(projectRoot, TESTS_FOLDER, file));
  await replaceFile(falconPath(projectRoot, TESTS_FOLDER, file), text);
  return shown;
}

/**
 * The file a suite of this name is saved to — the existing `.yml` or `.yaml`, else a new `.yaml`:
 * its name in `.falcon/tests/`, its project-relative path (`shown`), and its text now if it exists.
 */
export async function testSuiteFile(projectRoot: string, name: string): Promise<{ file: string; shown: string; text?: string }> {
  checkSuiteName(name);
  const existing = await existingSuiteFile(projectRoot, name);
  const file = existing ?? `${name}.yaml`;
  const text = existing ? await readFile(falconPath(projectRoot, TESTS_FOLDER, existing), 'utf8').catch(() => undefined) : undefined;
  return { file, shown: `.falcon/${TESTS_FOLDER}/${file}`, ...(text !== undefined && { text }) };
}

/** The text saveTestSuite writes (secret-named values masked), checked by reading it back; `shown` names the file in errors. */
export function renderTestSuite(suite: TestSuiteFile, shown: string): string {
  checkSuiteName(suite.name);
  const { name, description, createdAt, spec } = suite;
  const header = `# Falcon test suite; the format is described in src/engines/testing/suite/test-suite-format.ts.\n`;
  const body = stringify(
    { format: SUITE_FORMAT, name, description, createdAt, spec, cases: suite.cases.map(maskCaseSecrets) },
    { aliasDuplicateObjects: false, lineWidth: 0 },
  );
  parseTestSuite(body, shown, { name, modifiedAt: new Date() });
  return header + body;
}

/** `.falcon/tests/<name>.yaml` (or `.yml`), checked. */
export async function loadTestSuite(projectRoot: string, name: string): Promise<TestSuiteFile> {
  checkSuiteName(name);
  const file = await existingSuiteFile(projectRoot, name);
  if (!file) throw new TestSuiteError(`no test suite "${name}" in .falcon/${TESTS_FOLDER}/`);
  return readSuite(falconPath(projectRoot, TESTS_FOLDER, file), `.falcon/${TESTS_FOLDER}/${file}`, name);
}

/** A suite file anywhere inside the project, by its path (relative to the project, or absolute). */
export async function loadTestSuiteFile(projectRoot: string, file: string): Promise<TestSuiteFile> {
  const target = await resolveInsideProject(projectRoot, file).catch((error: Error) => {
    throw error.name === 'ProjectPathError' ? new TestSuiteError(error.message) : error;
  });
  const name = YAML_FILE.exec(path.basename(target.relative))?.[1];
  if (!name) throw new TestSuiteError(`${target.relative}: a suite file is YAML and its name ends in .yaml or .yml`);
  return readSuite(target.absolute, target.relative, name);
}

/** Names of the suites in `.falcon/tests/`, sorted. */
export async function listTestSuites(projectRoot: string): Promise<string[]> {
  const files = await readdir(falconPath(projectRoot, TESTS_FOLDER)).catch(() => [] as string[]);
  return [...new Set(files.flatMap((file) => YAML_FILE.exec(file)?.[1] ?? []))].sort();
}

/** Removes a suite; returns the project-relative path of the file it was. */
export async function deleteTestSuite(projectRoot: string, name: string): Promise<string> {
  checkSuiteName(name);
  const file = await existingSuiteFile(projectRoot, name);
  if (!file) throw new TestSuiteError(`no test suite "${name}" in .falcon/${TESTS_FOLDER}/`);
  await rm(falconPath(projectRoot, TESTS_FOLDER, file));
  return `.falcon/${TESTS_FOLDER}/${file}`;
}

async function existingSuiteFile(projectRoot: string, name: string): Promise<string | undefined> {
  for (const file of [`${name}.yaml`, `${name}.yml`]) {
    const info = await stat(falconPath(projectRoot, TESTS_FOLDER, file)).catch(() => undefined);
    if (info?.isFile()) return file;
  }
  return undefined;
}

async function readSuite(absolute: string, shown: string, name: string): Promise<TestSuiteFile> {
  let text: string;
  let modifiedAt: Date;
  try {
    [text, modifiedAt] = await Promise.all([readFile(absolute, 'utf8'), stat(absolute).then((info) => info.mtime)]);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new TestSuiteError(`${shown}: ${code === 'EISDIR' ? 'is a folder, not a suite file' : `cannot be read (${code ?? (error as Error).message})`}`);
  }
  return parseTestSuite(text, shown, { name, modifiedAt });
}

function maskCaseSecrets(testCase: TestCase): TestCase {
  const { headers, query } = testCase.request;
  const request = { ...testCase.request };
  if (headers) request.headers = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, maskNamedValue(name, value)]));
  if (query) request.query = Object.fromEntries(Object.entries(query).map(([name, value]) => [name, maskParam(name, value)]));
  return { ...testCase, request };
}

function maskParam(name: string, value: ParamValue | readonly ParamValue[]): ParamValue | readonly ParamValue[] {
  if (typeof value === 'string') return maskNamedValue(name, value);
  if (Array.isArray(value)) return value.map((item: ParamValue) => (typeof item === 'string' ? maskNamedValue(name, item) : item));
  return value;
}
