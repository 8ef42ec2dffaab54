// What some tests need of the machine, and the only way a test skips: programs that are not npm
// packages (`requireTool`), and the operating system (`requirePlatform`). None skips quietly:
// - in CI (CI set when vitest starts, as .ci/run does) a missing program fails the run with what to
//   install: .ci/run installs them all, so a green CI means every one of these tests ran;
// - elsewhere the tests are skipped and test/support/skipped-tests-reporter.ts says, at the end of
//   the run, in one line how many were skipped for which programs and the command that installs them.
import type { TestOptions } from 'vitest';
import which from 'which';

declare module 'vitest' {
  interface TaskMeta {
    /** Why this test or group is skipped on this machine (a program missing, another system): set only then. */
    skippedBecause?: string;
    /** The program it is skipped for lacking, and the Debian package that installs it: set only then. */
    missingTool?: { name: Tool; install: string };
  }
}

/** Each program, with the Debian package that installs it and what runs it. */
export const TOOLS = {
  rg: { install: 'ripgrep', usedBy: 'search_code through ripgrep' },
  git: { install: 'git', usedBy: 'the .gitignore listing compared with git ls-files' },
  curl: { install: 'curl', usedBy: 'the curl commands of the reports, run in a shell' },
  jq: { install: 'jq', usedBy: 'a reproduction script taking each id from the answers it gets' },
  openssl: { install: 'openssl', usedBy: 'a self-signed certificate for the TLS tests' },
  zsh: { install: 'zsh', usedBy: 'falcon completion zsh, tried in zsh' },
  fish: { install: 'fish', usedBy: 'falcon completion fish, tried in fish' },
  chromium: { install: 'chromium', usedBy: 'opening the load-test HTML report in a real browser' },
} as const;

export type Tool = keyof typeof TOOLS;

const found = new Map<Tool, boolean>();

/** Whether the program is on PATH. FALCON_TEST_WITHOUT=rg,zsh pretends the ones it names are not, to see what then happens. */
export function hasTool(tool: Tool): boolean {
  let present = found.get(tool);
  if (present === undefined) {
    const pretendMissing = (process.env.FALCON_TEST_WITHOUT ?? '').split(',').map((name) => name.trim());
    present = !pretendMissing.includes(tool) && which.sync(tool, { nothrow: true }) !== null;
    found.set(tool, present);
  }
  return present;
}

/** vitest.config.ts passes the CI of the shell here: the tests themselves run with CI=false (see there). */
export function inCI(): boolean {
  return process.env.FALCON_TEST_CI === 'true';
}

/** What installs the program, as the messages say it. */
export function installHint(tool: Tool): string {
  return `install ${TOOLS[tool].install} (apt-get install ${TOOLS[tool].install}, or brew install ${TOOLS[tool].install})`;
}

/**
 * The options of a `describe` or `it` whose tests run the program:
 * `describe('falcon completion zsh', requireTool('zsh'), () => …)`. Empty when it is installed;
 * otherwise the group is skipped and marked for the end-of-run report, or in CI the test file fails
 * to load with what to install.
 */
export function requireTool(tool: Tool): TestOptions {
  if (hasTool(tool)) return {};
  if (inCI()) {
    throw new Error(
      `${tool} is not installed, and ${TOOLS[tool].usedBy} needs it: ${installHint(tool)}. In CI a missing program fails the run instead of skipping its tests.`,
    );
  }
  return { skip: true, meta: { skippedBecause: `${tool} is not installed; ${installHint(tool)}`, missingTool: { name: tool, install: TOOLS[tool].install } } };
}

/**
 * The options of a `describe` or `it` that can only run on Linux (it reads /proc, or counts on how
 * Linux signals process groups) or on a POSIX system (file modes): skipped, and said so, elsewhere.
 * Falcon's own machines and CI run Linux.
 */
export function requirePlatform(platform: 'linux' | 'posix', why: string): TestOptions {
  const fits = platform === 'linux' ? process.platform === 'linux' : process.platform !== 'win32';
  if (fits) return {};
  return { skip: true, meta: { skippedBecause: `needs ${platform === 'linux' ? 'Linux' : 'a POSIX system'} (${why}), this is ${process.platform}` } };
}

/**
 * The options of a `describe` or `it` that needs root, to mount a file system of its own (a tiny
 * tmpfs, to fill the disk for real). CI runs as root: there, not being root fails the run.
 */
export function requireRoot(why: string): TestOptions {
  if (process.getuid?.() === 0) return {};
  if (inCI()) throw new Error(`these tests need root (${why}); CI runs them as root, and fails instead of skipping them.`);
  return { skip: true, meta: { skippedBecause: `needs root (${why})` } };
}
