import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCommand } from '../../src/engines/exec/run-command.js';
import { isRunning } from './process-alive.js';
import { until } from '../support/patience.js';
import { requirePlatform } from '../support/required-tools.js';

let cwd: string;
beforeEach(async () => {
  cwd = await realpath(await mkdtemp(path.join(os.tmpdir(), 'falcon-run-')));
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(cwd, { recursive: true, force: true });
});

const run = (command: string, options: { timeoutMs?: number; signal?: AbortSignal; onOutput?: (text: string) => void } = {}) =>
  runCommand({ command, cwd, timeoutMs: options.timeoutMs ?? 30_000, signal: options.signal, onOutput: options.onOutput });

/** Every living process whose process group is `pgid` (Linux: from /proc). */
function groupMembers(pgid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(group) === pgid && state !== 'Z';
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Starts `command`, waits until its output holds `ready` lines, and returns the numbers printed. */
async function startAndCollectPids(command: string, ready: number, signal: AbortSignal) {
  let output = '';
  let resolvePids: (pids: number[]) => void = () => undefined;
  const pids = new Promise<number[]>((resolve) => {
    resolvePids = resolve;
  });
  const running = run(command, {
    signal,
    onOutput(text) {
      output += text;
      const found = [...output.matchAll(/pid:(\d+)/g)].map((match) => Number(match[1]));
      if (found.length >= ready) resolvePids(found);
    },
  });
  running.catch(() => undefined);
  return { running, pids: await pids };
}

describe('runCommand', () => {
  it('runs bash in the folder given and reports the exit code with stdout and stderr together', async () => {
    const result = await run('pwd; echo out; echo err >&2; [[ 1 == 1 ]] && exit 3');
    expect(result).toMatchObject({ exitCode: 3, timedOut: false, stoppedLeftovers: [], omittedLines: 0 });
    expect(result.output).toBe(`${cwd}\nout\nerr`);
    expect(result.durationMs).toBeGreaterThan(0);
  });

  it('keeps the last 200 lines and counts the rest, without colours or redrawn progress', async () => {
    const result = await run('seq 1 5000');
    expect(result.omittedLines).toBe(4800);
    expect(result.output.split('\n')).toEqual(Array.from({ length: 200 }, (_, i) => String(4801 + i)));
    const styled = await run("printf '\\033[31mred\\033[0m\\n10%%\\r50%%\\r100%%\\n'");
    expect(styled.output).toBe('red\n100%');
  });

  it('gives onOutput whole characters, a character split between two writes included', async () => {
    const pieces: string[] = [];
    await run("printf '\\303'; sleep 0.2; printf '\\251t\\n'", { onOutput: (text) => pieces.push(text) });
    expect(pieces.join('')).toBe('ét\n');
  });

  it('runs without a time limit when given none', async () => {
    const result = await runCommand({ command: 'sleep 0.2; echo done', cwd });
    expect(result).toMatchObject({ exitCode: 0, timedOut: false, output: 'done' });
  });

  it('keeps at most 16 KB of the end of very long output', async () => {
    const result = await run(`yes "$(head -c 1000 /dev/zero | tr '\\0' x)" | head -n 300; echo last`);
    expect(Buffer.byteLength(result.output)).toBeLessThanOrEqual(16 * 1024);
    expect(result.output.endsWith('\nlast')).toBe(true);
    expect(result.omittedLines).toBe(301 - result.output.split('\n').length);
    const oneLine = await run("head -c 100000 /dev/zero | tr '\\0' y");
    expect(Buffer.byteLength(oneLine.output)).toBeLessThanOrEqual(16 * 1024);
    expect(oneLine.output).toMatch(/^…y+$/);
  });

  it('stops the whole process group on timeout and says so', async () => {
    // The clock runs as ever, and jumps over the timeout once the shell and both sleeps run.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    let output = '';
    const running = run('echo pid:$$; sleep 300 & sleep 300; wait', { timeoutMs: 60_000, onOutput: (text) => (output += text) });
    await until(() => /^pid:\d+/.test(output) && groupMembers(Number(output.slice(4))).length === 3, 'the shell and both sleeps to run');
    vi.advanceTimersByTime(60_000);
    const result = await running;
    expect(result.timedOut).toBe(true);
    expect(result.exitCode).toBeUndefined();
    expect(result.signal).toBe('SIGTERM');
    expect(result.output).toMatch(/^pid:\d+$/);
    const shell = Number(result.output.slice(4));
    expect(groupMembers(shell)).toEqual([]);
  });

  it('an abort leaves no process of `sleep 30 & sleep 30; wait` alive', requirePlatform('linux', 'reads /proc'), async () => {
    const controller = new AbortController();
    const { running, pids } = await startAndCollectPids('echo pid:$$; sleep 30 & sleep 30; wait', 1, controller.signal);
    const shell = pids[0] as number;
    await expect.poll(() => groupMembers(shell).length).toBe(3);
    const members = groupMembers(shell);
    controller.abort();
    // Not the 30 s timeout of `run`, which would resolve as timed out: the abort.
    await expect(running).rejects.toThrow(/abort/i);
    for (const pid of members) expect(isRunning(pid), `process ${pid}`).toBe(false);
  });

  it('an abort stops a node child and the grandchild it spawned', async () => {
    const controller = new AbortController();
    const script =
      "const c = require('child_process').spawn('sleep', ['30'], { stdio: 'ignore' }); " +
      "console.log('pid:' + process.pid + ' pid:' + c.pid); setInterval(() => {}, 1000);";
    const { running, pids } = await startAndCollectPids(`node -e "${script}"`, 2, controller.signal);
    expect(pids.every(isRunning)).toBe(true);
    controller.abort();
    await expect(running).rejects.toThrow(/abort/i);
    for (const pid of pids) expect(isRunning(pid), `process ${pid}`).toBe(false);
  });

  it('kills processes that ignore SIGTERM', async () => {
    const controller = new AbortController();
    const { running, pids } = await startAndCollectPids("trap '' TERM; sleep 30 & echo pid:$!; wait", 1, controller.signal);
    controller.abort();
    await expect(running).rejects.toThrow(/abort/i);
    expect(isRunning(pids[0] as number)).toBe(false);
  });

  it('stops what the command left running in the background, and says so', async () => {
    const result = await run('sleep 30 & echo pid:$!');
    expect(result.exitCode).toBe(0);
    expect(result.stoppedLeftovers).toEqual([{ pid: Number(result.output.slice(4)), command: expect.stringContaining('sleep 30') }]);
    expect(isRunning(Number(result.output.slice(4)))).toBe(false);
  });

  it('does not start when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(run('touch started', { signal: controller.signal })).rejects.toThrow(/abort/i);
    expect(readdirSync(cwd)).toEqual([]);
  });
});
