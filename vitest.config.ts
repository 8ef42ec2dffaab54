import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { PATIENCE_MS } from './test/support/patience.js';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** CI as the shell that started vitest has it (.ci/run sets CI=true); the tests see CI=false, see `env` below. */
const inCI = !['', '0', 'false'].includes(process.env.CI ?? '');

/**
 * What makes a test end-to-end: it runs the built binary (bin/falcon.js), a pseudo-terminal, a
 * browser (playwright-core), or an outside tool chain (Prism's mock server, pytest on a test Falcon
 * wrote), itself or through a helper it imports.
 */
const RUNS_A_PROGRAM = /bin\/falcon\.js|@lydell\/node-pty|playwright-core|@stoplight\/prism-cli|['"]pytest['"],\s*\[/;

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const TEST_FILES = readdirSync(path.join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file) && !file.split(path.sep).includes('fixtures'))
  .map((file) => `test/${file.split(path.sep).join('/')}`)
  .sort();

/** The test files whose text, or that of a test helper they import (at any depth), matches `pattern`. */
function testFilesWhere(pattern: RegExp): string[] {
  const verdicts = new Map<string, boolean>();
  const matches = (file: string): boolean => {
    const known = verdicts.get(file);
    if (known !== undefined) return known;
    verdicts.set(file, false); // an import cycle adds nothing
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return false;
    }
    const imported = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => path.resolve(path.dirname(file), match[1]!));
    const verdict =
      pattern.test(text) ||
      imported.some((target) => [target, target.replace(/\.m?js$/, '.ts'), target.replace(/\.js$/, '.tsx')].some((candidate) => candidate.startsWith(path.join(ROOT, 'test')) && matches(candidate)));
    verdicts.set(file, verdict);
    return verdict;
  };
  return TEST_FILES.filter((file) => matches(path.join(ROOT, file)));
}

const E2E = testFilesWhere(RUNS_A_PROGRAM);

/**
 * Unit test files share their worker's modules (a fresh process per file costs a third of the unit
 * run), except those that replace modules (vi.mock, @inquirer/testing's prompts) or set the colour
 * environment Falcon's theme reads when it loads: their changes would reach the files after them.
 */
const CHANGES_MODULES = /vi\.mock\(|@inquirer\/testing\/vitest|process\.env\.(?:FORCE_COLOR|NO_COLOR)\s*=/;
const UNIT_WITH_OWN_MODULES = testFilesWhere(CHANGES_MODULES).filter((file) => !E2E.includes(file));

export default defineConfig({
  define: { FALCON_VERSION: JSON.stringify(pkg.version) },
  test: {
    // Ceilings, not measures: a test that starts programs, or fuzzes, takes many times longer on a
    // machine that is busy, and that must not fail it (test/support/patience.ts waits less).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits for what the program will do: as long as any other wait of a test.
    expect: { poll: { timeout: PATIENCE_MS } },
    pool: 'forks',
    // Ink renders only the final frame when it thinks it runs in CI; component tests read every frame.
    // Whether this is CI reaches the tests as FALCON_TEST_CI (test/support/required-tools.ts).
    env: { CI: 'false', CONTINUOUS_INTEGRATION: 'false', FALCON_TEST_CI: String(inCI) },
    reporters: ['default', './test/support/skipped-tests-reporter.ts'],
    // Arrays of a project add to the root's (extends: true): include and exclude are the projects' own.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, ...E2E, ...UNIT_WITH_OWN_MODULES],
          globalSetup: ['./test/support/public-samples-setup.ts'],
          isolate: false,
          // One file per core.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-own-modules',
          include: UNIT_WITH_OWN_MODULES,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: E2E,
          // After the unit project. Most of their time is spent waiting for what Falcon prints or
          // shows, so two files at a time halve the run; more would starve the terminals they read.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
