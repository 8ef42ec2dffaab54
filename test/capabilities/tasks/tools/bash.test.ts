import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bashTool } from '../../../../src/capabilities/tasks/tools/bash.js';
import { ToolError } from '../../../../src/kit/tool/tool.js';
import { isRunning } from '../../../engines/process-alive.js';
import { until } from '../../../support/patience.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let project: TempProject;
const bash = (args: { command: string; cwd?: string; timeout_ms?: number }, signal?: AbortSignal) => bashTool.run(args, toolContext(project.root, signal));

beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => {
  vi.useRealTimers();
  await project.remove();
});

describe('bash', () => {
  it('asks to run the command, showing it and the folder', async () => {
    await mkdir(path.join(project.root, 'api'));
    expect(await bashTool.preview!({ command: 'npm test', cwd: 'api' }, toolContext(project.root))).toEqual({
      kind: 'command',
      command: 'npm test',
      cwd: 'api',
    });
    expect(bashTool.kind).toBe('exec');
  });

  it('answers with the exit code and duration first, then the output', async () => {
    await project.write('api/app.js', '');
    const output = await bash({ command: 'ls; echo failing >&2; exit 1', cwd: 'api' });
    expect(output).toMatch(/^Exit code 1 in [\d.]+ m?s\napp\.js\nfailing$/);
    expect(await bash({ command: 'true' })).toMatch(/^Exit code 0 in [\d.]+ m?s\n\(no output\)$/);
  });

  it('shows the end of long output and says how much came before', async () => {
    const lines = (await bash({ command: 'seq 1 1000' })).split('\n');
    expect(lines[1]).toBe('… 800 earlier lines not shown; the last 200:');
    expect(lines.at(-1)).toBe('1000');
    expect(lines).toHaveLength(202);
  });

  it('masks secrets in the output', async () => {
    const output = await bash({ command: 'echo "Authorization: Bearer abcdefghijklmnop1234"' });
    expect(output).not.toContain('abcdefghijklmnop1234');
    expect(output).toContain('[masked]');
  });

  it('reports a timeout and stops everything the command started', async () => {
    // The clock runs as ever, and jumps over the timeout once the command has started its sleep.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'], shouldAdvanceTime: true });
    const context = toolContext(project.root);
    let started = false;
    context.progress = (message) => (started ||= message.startsWith('pid:'));
    const running = bashTool.run({ command: 'sleep 30 & echo pid:$!; wait', timeout_ms: 1000 }, context);
    await until(() => started, 'the command to start its sleep');
    vi.advanceTimersByTime(1000);
    const output = await running;
    expect(output).toMatch(/^Timed out after [\d.]+ s \(timeout_ms 1000\); the command and every process it started were stopped\npid:\d+$/);
    expect(isRunning(Number(output.split('pid:')[1]))).toBe(false);
  });

  it('says when background processes were stopped at the end', async () => {
    const output = await bash({ command: 'sleep 30 & echo started' });
    expect(output).toContain('Processes it left running in the background were stopped');
  });

  it('rejects on abort (Esc) with no process left', async () => {
    const controller = new AbortController();
    let shell = 0;
    const context = toolContext(project.root, controller.signal);
    context.progress = (message) => {
      shell = Number(/pid:(\d+)/.exec(message)?.[1] ?? shell);
    };
    const running = bashTool.run({ command: 'echo pid:$$; sleep 30' }, context);
    await expect.poll(() => shell).toBeGreaterThan(0);
    controller.abort();
    await expect(running).rejects.toThrow(/abort/i);
    expect(isRunning(shell)).toBe(false);
  });

  it('refuses a cwd that is a file, missing, or outside the project', async () => {
    await project.write('file.txt', '');
    await expect(bash({ command: 'pwd', cwd: 'file.txt' })).rejects.toThrow(new ToolError('cwd must be a folder: file.txt is a file'));
    await expect(bash({ command: 'pwd', cwd: 'missing' })).rejects.toThrow('no such file: missing');
    await expect(bash({ command: 'pwd', cwd: '..' })).rejects.toThrow('path escapes the project: ..');
    await expect(bashTool.preview!({ command: 'pwd', cwd: project.outside }, toolContext(project.root))).rejects.toThrow('path escapes the project');
  });

  it('validates the timeout: at least 1 s, at most 10 minutes', () => {
    expect(bashTool.schema.safeParse({ command: 'x', timeout_ms: 600_001 }).success).toBe(false);
    expect(bashTool.schema.safeParse({ command: 'x', timeout_ms: 999 }).success).toBe(false);
    expect(bashTool.schema.safeParse({ command: 'x', timeout_ms: 600_000 }).success).toBe(true);
  });
});
