// How a test file says which Vitest project runs it (vitest.config.ts), by where it is or what it is
// named; test/architecture/test-projects.test.ts keeps each mark true to what the file does.

/**
 * End-to-end tests live in test/e2e/: those that run a program beside them (the built binary, a
 * pseudo-terminal, a browser, Prism's mock server, pytest, the API's own server under Falcon's hand),
 * and the whole engine runs over a real API: the scanner's minute-long runs (its recall on the
 * planted bugs, its silence on their fixed twins) and the exploits they are scored against,
 * `falcon test`'s runs against whole APIs and their twins (e2e/spec-runs/), and the load runs a clock
 * ends. A unit test waits on no clock: it fakes it, or skips it ahead (support/skipping-clock.ts).
 */
export const E2E_FOLDER = 'test/e2e/';

/**
 * Unit tests that change modules for the files after them in a shared worker (`vi.mock`,
 * `@inquirer/testing`'s prompts, the colour environment Falcon's theme reads when it loads) are
 * named `*.isolated.test.ts(x)`: each runs in a fresh worker thread.
 */
export const ISOLATED_SUFFIX = /\.isolated\.test\.tsx?$/;

/** `path` relative to the repository, with `/`. */
export function isEndToEnd(path: string): boolean {
  return path.startsWith(E2E_FOLDER);
}

export function isIsolated(path: string): boolean {
  return ISOLATED_SUFFIX.test(path);
}
