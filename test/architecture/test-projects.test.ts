import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { E2E_FOLDER, isEndToEnd, isIsolated } from '../support/test-projects.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const THIS_FILE = 'test/architecture/test-projects.test.ts';

/**
 * What makes a test end-to-end: it runs the built binary, a pseudo-terminal, a browser, or an
 * outside tool chain (Prism's mock server, pytest on a test Falcon wrote).
 */
const RUNS_A_PROGRAM = /bin\/falcon\.js|@lydell\/node-pty|playwright-core|@stoplight\/prism-cli|['"]pytest['"],\s*\[/;

/** What a unit test changes for the files after it in a shared worker. */
const CHANGES_MODULES = /vi\.mock\(|@inquirer\/testing\/vitest|process\.env\.(?:FORCE_COLOR|NO_COLOR)\s*=/;

/** Every test file, relative to the repository, with `/`. */
const TEST_FILES = readdirSync(path.join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
  .map((file) => `test/${file.split(path.sep).join('/')}`)
  .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith('test/fixtures/') && file !== THIS_FILE)
  .sort();

/** Whether the text of `file`, or of a test helper it imports (at any depth), matches `pattern`. */
function doesItself(pattern: RegExp): (file: string) => boolean {
  const verdicts = new Map<string, boolean>();
  const matches = (absolute: string): boolean => {
    const known = verdicts.get(absolute);
    if (known !== undefined) return known;
    verdicts.set(absolute, false); // an import cycle adds nothing
    let text: string;
    try {
      text = readFileSync(absolute, 'utf8');
    } catch {
      return false;
    }
    const imported = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => path.resolve(path.dirname(absolute), match[1]!));
    const candidates = imported.flatMap((target) => [target, target.replace(/\.m?js$/, '.ts'), target.replace(/\.js$/, '.tsx')]);
    const verdict = pattern.test(text) || candidates.some((candidate) => candidate.startsWith(path.join(ROOT, 'test')) && matches(candidate));
    verdicts.set(absolute, verdict);
    return verdict;
  };
  return (file) => matches(path.join(ROOT, file));
}

describe('the mark of each test file', () => {
  const unitFiles = TEST_FILES.filter((file) => !isEndToEnd(file));

  it(`puts every test that runs a program in ${E2E_FOLDER}`, () => {
    const runsAProgram = doesItself(RUNS_A_PROGRAM);
    expect(unitFiles.length).toBeGreaterThan(100);
    expect(unitFiles.filter(runsAProgram), `these run a program: move them to ${E2E_FOLDER}`).toEqual([]);
  });

  it('names *.isolated.test.ts exactly the unit tests that change modules for the files after them', () => {
    const changesModules = doesItself(CHANGES_MODULES);
    expect(
      unitFiles.filter((file) => changesModules(file) && !isIsolated(file)),
      'these change modules: name them *.isolated.test.ts',
    ).toEqual([]);
    expect(
      unitFiles.filter((file) => isIsolated(file) && !changesModules(file)),
      'these change no module: drop .isolated from their name',
    ).toEqual([]);
  });

  it('finds what a test runs through the helpers it imports', () => {
    const runsAProgram = doesItself(RUNS_A_PROGRAM);
    expect(TEST_FILES.filter(isEndToEnd).filter(runsAProgram).length).toBeGreaterThan(50);
    expect(runsAProgram('test/e2e/version-command.test.ts')).toBe(true);
    expect(doesItself(CHANGES_MODULES)('test/cli/config/wizard/wizard-menu.isolated.test.ts')).toBe(true);
  });
});
