import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';

export interface PrismMock {
  url: string;
  close(): Promise<void>;
}

const PRISM_CLI = createRequire(import.meta.url).resolve('@stoplight/prism-cli');
const START_TIMEOUT_MS = 20_000;
const STOP_GRACE_MS = 2_000;
// The start-up log keeps this many lines for the error message when Prism does not start.
const KEPT_LINES = 40;

// Groups still running when the test process exits (a test that never called close) go with it.
const running = new Set<number>();
process.once('exit', () => {
  for (const pid of running) signalGroup(pid, 'SIGKILL');
});

/**
 * `prism mock` of a spec (static examples: the response's example, else one made from its schema)
 * on a free loopback port, in its own process group. It answers invalid requests with the spec's
 * 422, else 400, else default response (415 first for a body of the wrong media type), and is
 * stateless: a deleted resource is still found.
 */
export async function startPrismMock(specFile: string): Promise<PrismMock> {
  const child = spawn(process.execPath, [PRISM_CLI, 'mock', '--host', '127.0.0.1', '--port', '0', specFile], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const pid = child.pid;
  if (pid !== undefined) {
    running.add(pid);
    child.once('exit', () => running.delete(pid));
  }
  try {
    const url = await listeningUrl(child, specFile);
    return { url, close: () => stopGroup(child) };
  } catch (error) {
    await stopGroup(child);
    throw error;
  }
}

/** Reads Prism's log until it says where it listens; fails with its own words when it exits first. */
function listeningUrl(child: ChildProcess, specFile: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines: string[] = [];
    let pending = '';
    const fail = (why: string) => {
      clearTimeout(timer);
      const said =
        lines.find((line) => /\bfatal\b/.test(line)) ??
        lines.find((line) => /^message:/.test(line)) ??
        lines.find((line) => /error/i.test(line)) ??
        lines.at(-1);
      reject(new Error(`prism mock ${specFile} ${why}${said ? `: ${said.replace(/^.*?\bfatal\s+|^message:\s*/, '')}` : ''}`));
    };
    const timer = setTimeout(() => fail(`did not listen within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      for (const raw of complete) {
        const line = raw.replace(/\x1b\[[0-9;]*m/g, '').trim();
        if (line) lines.push(line);
        if (lines.length > KEPT_LINES) lines.shift();
        const listening = /listening on (http:\/\/[^\s]+)/.exec(line);
        if (listening?.[1]) {
          clearTimeout(timer);
          resolve(listening[1]);
        }
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('error', (error) => fail(`could not run: ${error.message}`));
    child.once('close', (code, signal) => fail(`exited (${signal ?? `code ${code}`}) before listening`));
  });
}

/** SIGTERM to the whole group, SIGKILL after a grace period; resolves once Prism has exited. */
function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  const pid = child.pid;
  return new Promise((resolve) => {
    const kill = setTimeout(() => signalGroup(pid, 'SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    signalGroup(pid, 'SIGTERM');
  });
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}
