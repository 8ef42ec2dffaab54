import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** CI as the shell that started vitest has it (.ci/run sets CI=true); the tests see CI=false, see `env` below. */
const inCI = !['', '0', 'false'].includes(process.env.CI ?? '');

/**
 * What makes a test end-to-end: it runs the built binary (bin/falcon.js), a pseudo-terminal, or an
 * outside tool chain (Prism's mock server, pytest on a test Falcon wrote), itself or through a helper
 * it imports.
 */
const RUNS_A_PROGRAM = /bin\/falcon\.js|@lydell\/node-pty|@stoplight\/prism-cli|['"]pytest['"],\s*\[/;

/** Test files that run a program, found by reading them and the helpers they import. */
function e2eTestFiles(): string[] {
  const root = path.dirname(fileURLToPath(import.meta.url));
  const verdicts = new Map<string, boolean>();
  const runsAProgram = (file: string): boolean => {
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
      RUNS_A_PROGRAM.test(text) ||
      imported.some((target) => [target, target.replace(/\.m?js$/, '.ts'), target.replace(/\.js$/, '.tsx')].some((candidate) => candidate.startsWith(path.join(root, 'test')) && runsAProgram(candidate)));
    verdicts.set(file, verdict);
    return verdict;
  };
  return readdirSync(path.join(root, 'test'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.split(path.sep).includes('fixtures'))
    .filter((file) => runsAProgram(path.join(root, 'test', file)))
    .map((file) => `test/${file.split(path.sep).join('/')}`)
    .sort();
}

const E2E = e2eTestFiles();

export default defineConfig({
  define: { FALCON_VERSION: JSON.stringify(pkg.version) },
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
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
          exclude: [...configDefaults.exclude, ...E2E],
          globalSetup: ['./test/support/public-samples-setup.ts'],
          // One file per core.
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
