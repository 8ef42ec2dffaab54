import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionTasks } from '../../src/agent/tasks/session-tasks.js';
import { maskText } from '../../src/safety/mask-text.js';
import { bashTool } from '../../src/capabilities/tasks/tools/bash.js';
import { taskOutputTool } from '../../src/capabilities/tasks/tools/task-output.js';
import { taskStopTool } from '../../src/capabilities/tasks/tools/task-stop.js';
import type { ToolContext } from '../../src/kit/tool/tool.js';
import { PATIENCE_MS } from '../support/patience.js';
import { killRunning, runningWithCommandLine, uniqueSleep } from '../support/processes-by-command-line.js';
import { requirePlatform } from '../support/required-tools.js';
import { type TempProject, createTempProject, toolContext } from './temp-project.js';

let project: TempProject;
let tasks: SessionTasks;
let ctx: ToolContext;
let sleeps: string[] = [];

beforeEach(async () => {
  project = await createTempProject();
  ctx = toolContext(project.root);
  tasks = new SessionTasks({
    projectRoot: project.root,
    folder: path.join(project.root, '.falcon', 'sessions', 's1', 'tasks'),
    mask: (text) => maskText(text, { secrets: ctx.secrets }),
    onEnd: () => undefined,
  });
  ctx = { ...ctx, tasks };
});
afterEach(async () => {
  vi.useRealTimers();
  await tasks.stopAll();
  killRunning(sleeps);
  sleeps = [];
  await project.remove();
});

const sleepOf = (seconds: number) => {
  const command = uniqueSleep(seconds);
  sleeps.push(command);
  return command;
};

describe('bash run_in_background', () => {
  it('asks to run the command, saying it runs in the background', async () => {
    expect(await bashTool.preview!({ command: 'npm run dev', run_in_background: true }, ctx)).toEqual({
      kind: 'command',
      command: 'npm run dev',
      cwd: '.',
      background: true,
    });
  });

  it('answers at once with the task id and its output file; task_output waits for the end and reads the output', async () => {
    // The command ends only once the test creates `go`: it is still running when the answer comes, however slow the machine.
    const command = 'until [ -e go ]; do sleep 0.05; done; echo done; exit 4';
    const { text: answer, details } = await bashTool.run({ command, run_in_background: true }, ctx);
    expect(details).toEqual({ kind: 'task_started', taskId: 't1' });
    expect(answer).toContain(`Started task t1 in the background; its output goes to ${path.join('.falcon', 'sessions', 's1', 'tasks', 't1.log')}.`);
    expect(await taskOutputTool.run({ task_id: 't1' }, ctx)).toMatch(
      /^Task t1 is running \(for [\d.]+ m?s\): until \[ -e go \]; .+\nNo new output since the last read/,
    );
    await project.write('go', '');
    const output = await taskOutputTool.run({ task_id: 't1', wait: true, timeout_s: 300 }, ctx);
    expect(output).toMatch(
      /^Task t1 ended \(exit 4\) after [\d.]+ m?s: until \[ -e go \]; .+\nOutput since the last read \(the whole output: .+t1\.log\):\ndone$/,
    );
  });

  it('task_output with wait says when the task is still running after timeout_s', async () => {
    // The clock runs as ever, and jumps over the second waited for once task_output waits.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    await bashTool.run({ command: sleepOf(300), run_in_background: true }, ctx);
    const waiting = { ...ctx, progress: (message: string) => message.startsWith('waiting for task') && setImmediate(() => vi.advanceTimersByTime(1000)) };
    const output = await taskOutputTool.run({ task_id: 't1', wait: true, timeout_s: 1 }, waiting);
    expect(output).toMatch(/^Task t1 is running \(for [\d.]+ m?s\); still running after waiting 1 s: sleep 300\.\d+\n/);
  });

  it('task_stop ends the task and every process it started, grandchildren included', requirePlatform('linux', 'reads /proc'), async () => {
    const grandchild = sleepOf(301);
    const foreground = sleepOf(302);
    await bashTool.run({ command: `(${grandchild}; echo never) & echo started; ${foreground}`, run_in_background: true }, ctx);
    await expect.poll(() => runningWithCommandLine(grandchild).length + runningWithCommandLine(foreground).length, { timeout: PATIENCE_MS }).toBe(2);
    const stopped = await taskStopTool.run({ task_id: 't1' }, ctx);
    expect(stopped).toMatch(/^Task t1 stopped after [\d.]+ m?s: \(sleep 301/);
    expect(stopped).toContain('Stopped it and every process it started.');
    expect(runningWithCommandLine(grandchild)).toEqual([]);
    expect(runningWithCommandLine(foreground)).toEqual([]);
    expect(await taskStopTool.run({ task_id: 't1' }, ctx)).toMatch(/^Task t1 stopped after [\d.]+ m?s, before this call; nothing to stop/);
    expect(await taskOutputTool.run({ task_id: 't1' }, ctx)).toContain('started');
  });

  it('a timeout_ms given ends a background command as failed', async () => {
    // The clock runs as ever, and jumps over the timeout once the command runs.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    await bashTool.run({ command: `echo started; ${sleepOf(303)}`, run_in_background: true, timeout_ms: 1000 }, ctx);
    const log = path.join(project.root, '.falcon', 'sessions', 's1', 'tasks', 't1.log');
    await expect.poll(() => readFile(log, 'utf8').catch(() => ''), { timeout: PATIENCE_MS }).toContain('started');
    vi.advanceTimersByTime(1000);
    const output = await taskOutputTool.run({ task_id: 't1', wait: true, timeout_s: 30 }, ctx);
    expect(output).toMatch(/^Task t1 failed after [\d.]+ s: timed out after 1 s; it and every process it started were stopped/);
  });

  it('refuses outside a session, and names the tasks for an unknown id', async () => {
    await expect(bashTool.run({ command: 'true', run_in_background: true }, toolContext(project.root))).rejects.toThrow(
      'Background tasks are not available here',
    );
    await expect(taskOutputTool.run({ task_id: 't3' }, ctx)).rejects.toThrow('No task t3 in this session. It has started none.');
  });
});
