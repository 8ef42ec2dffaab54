import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { isStillRunning, readCommandLine, readProcessTable } from '../../src/engines/exec/process-table.js';
import { uniqueSleep } from '../support/processes-by-command-line.js';
import { requirePlatform } from '../support/required-tools.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function startSleep(env: NodeJS.ProcessEnv): { child: ChildProcess; pid: number; command: string } {
  const command = `/bin/${uniqueSleep(30)}`;
  const [file, ...args] = command.split(' ');
  const child = spawn(file as string, args, { env, stdio: 'ignore' });
  children.push(child);
  return { child, pid: child.pid as number, command };
}

const entryFor = (pid: number) => readProcessTable().find((entry) => entry.pid === pid);

describe('readProcessTable', requirePlatform('linux', 'reads /proc'), () => {
  it('reads the run id wherever it stands in the environment, and only that variable', () => {
    const first = startSleep({ FALCON_RUN_ID: 'abc-1', OTHER: 'x' });
    const last = startSleep({ OTHER: 'x', FALCON_RUN_ID: 'abc-2' });
    const lookalike = startSleep({ XFALCON_RUN_ID: 'abc-3', FALCON_RUN_ID_OLD: 'abc-4' });
    expect(entryFor(first.pid)).toMatchObject({ pid: first.pid, ppid: process.pid, runId: 'abc-1' });
    expect(entryFor(last.pid)?.runId).toBe('abc-2');
    expect(entryFor(lookalike.pid)).toBeDefined();
    expect(entryFor(lookalike.pid)?.runId).toBeUndefined();
    expect(readCommandLine(first.pid)).toBe(first.command);
  });

  it('leaves zombies out, and tells when a process has ended', async () => {
    const sleep = startSleep({});
    const entry = entryFor(sleep.pid);
    expect(entry && isStillRunning(entry)).toBe(true);
    sleep.child.kill('SIGKILL');
    await once(sleep.child, 'exit');
    expect(isStillRunning(entry!)).toBe(false);
    expect(entryFor(sleep.pid)).toBeUndefined();
  });
});
