import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { Finding } from '../../src/capabilities/scan/engine/finding.js';
import type { ReplayVariable } from '../../src/capabilities/scan/engine/replay/replay-legend.js';
import { closeServer, listenOnLoopback } from '../apis/loopback-server.js';

export interface ShellRun {
  stdout: string;
  stderr: string;
  code: number | null;
  /** How long it took: only ever compared as a lower bound (a sleep the replay asked the server for). */
  ms: number;
}

/** Runs the lines as one bash script, with `env` added to the test's environment. */
export function runBash(script: string, env: Record<string, string>): Promise<ShellRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('bash', ['-c', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout, stderr, code, ms: performance.now() - started }));
  });
}

/**
 * The legend's variables as a reader sets them: the passwords they know, then each `set` line (a
 * login on the fresh server) run in bash; `extra` for what the reader chooses (the canary URL).
 */
export async function legendValues(
  legend: readonly ReplayVariable[],
  known: Record<string, string>,
): Promise<{ values: Record<string, string>; unset: string[] }> {
  const values: Record<string, string> = {};
  const unset: string[] = [];
  for (const variable of legend) {
    if (known[variable.name] !== undefined) {
      values[variable.name] = known[variable.name]!;
      continue;
    }
    if (!variable.set) {
      unset.push(variable.name);
      continue;
    }
    const run = await runBash(`${variable.set}\nprintf '%s' "$${variable.name}"`, values);
    if (run.code !== 0 || run.stdout === '') throw new Error(`setting ${variable.name} failed: ${run.stderr}${run.stdout}`);
    values[variable.name] = run.stdout;
  }
  return { values, unset };
}

/** The lines a reader runs for the finding: its script, else its curl line. */
export function replayText(finding: Finding): string {
  return finding.reproduce ? finding.reproduce.join('\n') : finding.curl;
}

/** Every status the evidence shows (`HTTP 200 (12 ms)`), in order. */
export function evidenceStatuses(finding: Finding): number[] {
  return [...finding.evidence.response.matchAll(/^HTTP (\d{3}) \(/gm)].map((match) => Number(match[1]));
}

/** Every status the replay printed: `HTTP/1.1 200 OK` lines and a loop's tally (`     20 401`). */
export function printedStatuses(output: string): number[] {
  return [...output.matchAll(/^HTTP\/[\d.]+ (\d{3})\b|^\s*\d+ (\d{3})$/gm)].map((match) => Number(match[1] ?? match[2]));
}

/**
 * Strings of the evidence's answer worth finding again: the values of its JSON, four characters or
 * more, none masked, none an id, time or loopback URL (the scanned server's, its canary's) that a fresh server gives otherwise.
 */
export function telltaleValues(finding: Finding): string[] {
  const body = finding.evidence.response.split('\n\n— then —\n')[0]!.split('\n\n').slice(1).join('\n\n');
  const values: string[] = [];
  const visit = (value: unknown): void => {
    if (
      typeof value === 'string' &&
      value.length >= 4 &&
      !value.includes('[masked') &&
      !/\d{4}-\d\d-\d\dT/.test(value) &&
      !/^\d+$/.test(value) &&
      !value.includes('127.0.0.1')
    )
      values.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  try {
    visit(JSON.parse(body) as unknown);
  } catch {
    return [];
  }
  return values.slice(0, 20);
}

/** A loopback listener that records the paths it is asked for: the reader's own canary. */
export async function startCanary(): Promise<{ url: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    hits.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/html' }).end('<title>canary</title>');
  });
  const url = await listenOnLoopback(server);
  return { url, hits, close: () => closeServer(server) };
}
