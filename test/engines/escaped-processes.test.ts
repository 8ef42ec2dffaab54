import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCommand } from '../../src/engines/exec/run-command.js';
import { bashTool } from '../../src/capabilities/tasks/tools/bash.js';
import { createTempProject, toolContext } from '../tools/temp-project.js';
import { killRunning, runningWithCommandLine, uniqueSleep, untilRunningInBash } from '../support/processes-by-command-line.js';
import { until } from '../support/patience.js';
import { requirePlatform } from '../support/required-tools.js';

// Processes that leave the command's process group: the shell exits and they are re-parented to init.
const ESCAPES = [
  { how: 'setsid … &', command: (sleep: string) => `setsid ${sleep} &` },
  { how: 'setsid -f', command: (sleep: string) => `setsid -f ${sleep}` },
  { how: 'a double fork', command: (sleep: string) => `(${sleep} &) &` },
  { how: 'nohup … &', command: (sleep: string) => `nohup ${sleep} >/dev/null 2>&1 &` },
  { how: 'disown', command: (sleep: string) => `${sleep} & disown` },
];

let cwd: string;
let started: string[] = [];
beforeEach(async () => {
  cwd = await realpath(await mkdtemp(path.join(os.tmpdir(), 'falcon-escape-')));
});
afterEach(async () => {
  vi.useRealTimers();
  killRunning(started);
  started = [];
  await rm(cwd, { recursive: true, force: true });
});

/** A `sleep` this test owns (and kills in afterEach should an assertion fail first). */
function sleepFor(seconds: number): string {
  const sleep = uniqueSleep(seconds);
  started.push(sleep);
  return sleep;
}

const run = (command: string, options: { timeoutMs?: number; signal?: AbortSignal; onOutput?: (text: string) => void } = {}) =>
  runCommand({ command, cwd, timeoutMs: options.timeoutMs ?? 30_000, signal: options.signal, onOutput: options.onOutput });

/** Every escape at once, then `ready` once each has left the group and runs, then a long wait. */
function escapingCommand(): { command: string; sleeps: string[] } {
  const sleeps = ESCAPES.map((_, i) => sleepFor(301 + i));
  const escapes = ESCAPES.map((escape, i) => escape.command(sleeps[i] as string));
  return { command: `${escapes.join('\n')}\n${sleeps.map(untilRunningInBash).join('\n')}\necho ready; sleep 300`, sleeps };
}

describe('processes that left the process group', requirePlatform('linux', 'reads /proc'), () => {
  it.each(ESCAPES)('are stopped when the command ends, and named: $how', async ({ command }) => {
    const sleep = sleepFor(301);
    // The command ends once the escaped sleep runs; it would outlast the test were it waited for.
    const result = await run(`${command(sleep)}\n${untilRunningInBash(sleep)}`);
    expect(result.exitCode).toBe(0);
    expect(result.stoppedLeftovers).toEqual([{ pid: expect.any(Number), command: sleep }]);
    expect(runningWithCommandLine(sleep)).toEqual([]);
  });

  it('are all stopped on a timeout', async () => {
    // The clock runs as ever, and jumps over the timeout once every escape runs: however busy the
    // machine, the timeout comes after `ready`, and at once.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { command, sleeps } = escapingCommand();
    let output = '';
    const running = run(command, { timeoutMs: 60_000, onOutput: (text) => (output += text) });
    await until(() => output.includes('ready'), 'the escaped processes to run');
    for (const sleep of sleeps) expect(runningWithCommandLine(sleep), sleep).toHaveLength(1);
    vi.advanceTimersByTime(60_000);
    const result = await running;
    expect(result.timedOut).toBe(true);
    expect(result.output).toBe('ready');
    for (const sleep of sleeps) expect(runningWithCommandLine(sleep), sleep).toEqual([]);
  });

  it('are all stopped on an abort (Esc)', async () => {
    const { command, sleeps } = escapingCommand();
    const controller = new AbortController();
    let output = '';
    const running = run(command, { signal: controller.signal, onOutput: (text) => (output += text) });
    await expect.poll(() => output).toContain('ready');
    for (const sleep of sleeps) expect(runningWithCommandLine(sleep), sleep).toHaveLength(1);
    controller.abort();
    // Not the 30 s timeout of `run`, which would resolve as timed out: the abort.
    await expect(running).rejects.toThrow(/abort/i);
    for (const sleep of sleeps) expect(runningWithCommandLine(sleep), sleep).toEqual([]);
  });

  it('stops a child started with an empty environment, through its parent', async () => {
    const sleep = sleepFor(306);
    const result = await run(`setsid bash -c 'env -i ${sleep} & wait' &\n${untilRunningInBash(sleep)}`);
    expect(result.stoppedLeftovers.map((stopped) => stopped.command)).toEqual(expect.arrayContaining([sleep]));
    expect(runningWithCommandLine(sleep)).toEqual([]);
  });

  it('stops what ignores SIGTERM with SIGKILL', async () => {
    const sleep = sleepFor(307);
    const result = await run(`setsid bash -c "trap '' TERM; ${sleep}; true" &\n${untilRunningInBash(sleep)}`);
    expect(result.stoppedLeftovers.map((stopped) => stopped.command)).toEqual(expect.arrayContaining([sleep]));
    expect(runningWithCommandLine(sleep)).toEqual([]);
  });

  it('the bash tool names them in its observation', async () => {
    const project = await createTempProject();
    try {
      const sleep = sleepFor(308);
      const output = await bashTool.run({ command: `setsid ${sleep} &\n${untilRunningInBash(sleep)}; echo done` }, toolContext(project.root));
      expect(output).toMatch(
        new RegExp(
          `^Exit code 0 in .+\\nProcesses it left running in the background were stopped: ${sleep} \\(pid \\d+\\)\\. bash cannot keep a server running; ask the user to start it\\.\\ndone$`,
        ),
      );
      expect(runningWithCommandLine(sleep)).toEqual([]);
    } finally {
      await project.remove();
    }
  });
});
