import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';

/**
 * The binary under test: this repository's build, or an installed copy named by FALCON_TEST_BIN (to
 * check that the published package runs with nothing but itself installed).
 */
export const FALCON_BIN = process.env.FALCON_TEST_BIN ?? fileURLToPath(new URL('../../bin/falcon.js', import.meta.url));

export interface FalconResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A throwaway project folder and Falcon home, so tests never touch the real ~/.falcon. */
export interface Sandbox {
  project: string;
  home: string;
  writeConfig(config: Record<string, unknown>): Promise<void>;
  /**
   * Makes `url` the API under test, as `falcon init` would: `.falcon/environments/dev.yaml` with its
   * BASE_URL. Requests to any other origin ask first.
   */
  testApiAt(url: string): Promise<void>;
  /**
   * Adds the project to `trusted_folders` in the config `writeConfig` wrote: its BASE_URL is then the
   * API under test without asking, and its hooks, allow rules and `.env` apply.
   */
  trustProject(): Promise<void>;
  env(extra?: Record<string, string>): NodeJS.ProcessEnv;
  cleanup(): Promise<void>;
}

export async function createSandbox(): Promise<Sandbox> {
  const root = await mkdtemp(path.join(tmpdir(), 'falcon-e2e-'));
  const project = path.join(root, 'project');
  const home = path.join(root, 'home');
  await mkdir(project);
  await mkdir(home, { mode: 0o700 });
  return {
    project,
    home,
    writeConfig: (config) => writeFile(path.join(home, 'config.yaml'), stringify(config), { mode: 0o600 }),
    testApiAt: async (url) => {
      await mkdir(path.join(project, '.falcon', 'environments'), { recursive: true });
      await writeFile(path.join(project, '.falcon', 'environments', 'dev.yaml'), `BASE_URL: ${url}\n`);
    },
    trustProject: async () => {
      const file = path.join(home, 'config.yaml');
      const config = (parse(await readFile(file, 'utf8').catch(() => '')) ?? {}) as Record<string, unknown>;
      await writeFile(file, stringify({ ...config, trusted_folders: [await realpath(project)] }), { mode: 0o600 });
    },
    env: (extra = {}) => {
      const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: root, FALCON_HOME: home, NO_COLOR: '1', ...extra };
      return env;
    },
    // A Falcon killed a moment ago may still be writing its session as the folder goes: try again.
    cleanup: () => rm(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 }),
  };
}

/** Starts the built binary; the caller may signal it or write to its stdin. */
export function startFalcon(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): {
  child: ChildProcess;
  result: Promise<FalconResult>;
} {
  const child = spawn(process.execPath, [FALCON_BIN, ...args], { cwd: options.cwd, env: options.env, stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const result = new Promise<FalconResult>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, result };
}

export function runFalcon(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; stdin?: string }): Promise<FalconResult> {
  const { child, result } = startFalcon(args, options);
  child.stdin!.end(options.stdin ?? '');
  return result;
}
