import { readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import { PATIENCE_MS } from './test/support/patience.js';
import { E2E_FOLDER } from './test/support/test-projects.js';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** CI as the shell that started vitest has it (.ci/run sets CI=true); the tests see CI=false, see `env` below. */
const inCI = !['', '0', 'false'].includes(process.env.CI ?? '');

// Which project runs a file is marked by its place or its name (test/support/test-projects.ts).
const E2E = [`${E2E_FOLDER}**/*.test.ts`];
const ISOLATED = ['test/**/*.isolated.test.ts', 'test/**/*.isolated.test.tsx'];

export default defineConfig({
  define: { FALCON_VERSION: JSON.stringify(pkg.version) },
  plugins: [
    {
      name: 'falcon:no-module-cache-in-main-process',
      // Vitest 4.1's runner in its own process (global setups, reporters) reads a cached module as bytes
      // and then fails on the first stack trace it maps: the modules it runs are not cached.
      configureVitest({ experimental_defineCacheKeyGenerator }) {
        experimental_defineCacheKeyGenerator(({ environment }) => (environment.name === '__vitest__' ? false : undefined));
      },
    },
  ],
  test: {
    // Ceilings, not measures: a test that starts programs, or fuzzes, takes many times longer on a
    // machine that is busy, and that must not fail it (test/support/patience.ts waits less).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits for what the program will do: as long as any other wait of a test.
    expect: { poll: { timeout: PATIENCE_MS } },
    pool: 'forks',
    // Each file as transformed is kept on disk (node_modules/.experimental-vitest-cache, by its path
    // and content; emptied when package-lock.json changes): the next run transforms only what changed.
    experimental: { fsModuleCache: true },
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
          exclude: [...configDefaults.exclude, 'test/fixtures/**', ...E2E, ...ISOLATED],
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
          // Unit test files share their worker's modules (a fresh process per file costs a third of the
          // unit run), except these: what they change would reach the files after them. Each gets a
          // thread of its own, which starts faster than a process; what it sets of process.env stays in it.
          name: 'unit-isolated',
          include: ISOLATED,
          exclude: [...configDefaults.exclude, ...E2E],
          pool: 'threads',
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
