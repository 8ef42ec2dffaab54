// Background tasks through the built binary: bash's run_in_background answers at once, the model
// follows the task with task_output and task_stop, is told when it ends, and every process a task
// started ends with the session — headless and in the TUI.
import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../support/fake-model-server.mjs';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { runFalcon, startFalcon } from '../support/falcon-binary.js';
import { killRunning, runningWithCommandLine, uniqueSleep } from '../support/processes-by-command-line.js';
import { type PtySession, startFalconInPty } from '../support/pty-session.js';
import { requirePlatform } from '../support/required-tools.js';

let sleeps: string[] = [];
let terminal: PtySession | undefined;
let headless: ChildProcess | undefined;
const project = useFakeModelProject({
  afterEach: () => {
    terminal?.kill('SIGKILL');
    terminal = undefined;
    headless?.kill('SIGKILL');
    headless = undefined;
    killRunning(sleeps);
    sleeps = [];
  },
});

/** A command that runs `sleep`s of its own in the foreground and as a grandchild in a subshell. */
function commandWithGrandchild(): { command: string; running(): number } {
  const grandchild = uniqueSleep(301);
  const foreground = uniqueSleep(302);
  sleeps.push(grandchild, foreground);
  return {
    command: `(${grandchild}; echo never) & echo started; ${foreground}`,
    running: () => runningWithCommandLine(grandchild).length + runningWithCommandLine(foreground).length,
  };
}

const bashInBackground = (command: string) => `ACTION: bash(${JSON.stringify({ command, run_in_background: true })})`;
const lastMessage = (request: RecordedRequest) => request.messages.at(-1)!.content;
const falcon = (args: string[]) => runFalcon(args, { cwd: project.sandbox.project, env: project.sandbox.env() });
const events = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });

describe('falcon -p with background tasks', () => {
  it('bash in the background answers at once; task_output waits for the end and brings the output', async () => {
    project.models.script([
      bashInBackground('sleep 3; echo built 12 pages'),
      'ACTION: task_output({"task_id": "t1", "wait": true, "timeout_s": 60})',
      'Final Answer: the docs are built',
    ]);
    const result = await falcon(['-p', 'build the docs in the background', '--yes', '--output-format', 'stream-json']);
    expect(result.code).toBe(0);
    // The bash call answered while the command still ran: its result comes before the task's end.
    const order = events(result.stdout).map((event) =>
      event.type === 'tool_result' && event.name === 'bash' ? 'bash answered' : event.type === 'task_end' ? 'task ended' : undefined,
    );
    expect(order.filter(Boolean)).toEqual(['bash answered', 'task ended']);
    const [started, collected] = project.models.requests.slice(1).map(lastMessage);
    expect(started).toMatch(/^Observation: Started task t1 in the background; its output goes to \.falcon\/sessions\/[\w-]+\/tasks\/t1\.log\./);
    expect(collected).toMatch(/^Observation: Task t1 ended \(exit 0\) after [\d.]+ s: sleep 3; echo built 12 pages\nOutput since the last read/);
    expect(collected).toMatch(/\nbuilt 12 pages$/);
    const file = /(\.falcon\/sessions\/[\w-]+\/tasks\/t1\.log)/.exec(started!)![1]!;
    expect(await readFile(path.join(project.sandbox.project, file), 'utf8')).toBe('built 12 pages\n');
    // Read to its end: no follow-up note about it.
    expect(JSON.stringify(project.models.requests.map((request) => request.messages))).not.toContain('[Background task');
  });

  it('the end of a task the model has not read reaches it as a follow-up message before its next call', async () => {
    project.models.script([bashInBackground('echo first done'), 'ACTION: wait({"duration_ms": 1500})', 'Final Answer: noted']);
    const result = await falcon(['-p', 'start it', '--yes']);
    expect(result.code).toBe(0);
    const finalRequest = project.models.requests.at(-1)!;
    const notes = finalRequest.messages.filter((message) => message.content.includes('[Background task t1 ended (exit 0)'));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.content).toContain('Its last lines:\nfirst done\nIts whole output: task_output({"task_id": "t1"})');
  });

  it('task_stop ends a long task and the grandchild it started', requirePlatform('linux', 'reads /proc'), async () => {
    const task = commandWithGrandchild();
    const running: number[] = [];
    project.models.script([
      bashInBackground(task.command),
      'ACTION: task_output({"task_id": "t1", "wait": true, "timeout_s": 2})',
      () => {
        running.push(task.running());
        return 'ACTION: task_stop({"task_id": "t1"})';
      },
      () => {
        running.push(task.running());
        return 'Final Answer: stopped';
      },
    ]);
    const result = await falcon(['-p', 'start it, then stop it', '--yes']);
    expect(result.code).toBe(0);
    expect(running).toEqual([2, 0]);
    const stopped = lastMessage(project.models.requests.at(-1)!);
    expect(stopped).toMatch(/^Observation: Task t1 stopped after [\d.]+ s: \(sleep 301/);
    expect(stopped).toContain('Stopped it and every process it started.');
    expect(result.stderr).not.toContain('still running at the end of the session');
  });

  it(
    'tasks still running when the run ends are stopped with every process they started, and it says which',
    requirePlatform('linux', 'reads /proc'),
    async () => {
      const task = commandWithGrandchild();
      let runningBeforeTheAnswer = 0;
      project.models.script([
        bashInBackground(task.command),
        'ACTION: task_output({"task_id": "t1", "wait": true, "timeout_s": 2})',
        () => {
          runningBeforeTheAnswer = task.running();
          return 'Final Answer: it runs in the background';
        },
      ]);
      const result = await falcon(['-p', 'start it', '--yes']);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe('it runs in the background\n');
      expect(runningBeforeTheAnswer).toBe(2);
      expect(task.running()).toBe(0);
      expect(result.stderr).toContain(`falcon: stopped background task still running at the end of the session: t1 (${task.command})`);
    },
  );
});

describe('Falcon killed with SIGKILL while a background task runs', requirePlatform('linux', 'reads /proc'), () => {
  it('the task and its grandchild are stopped all the same', async () => {
    const task = commandWithGrandchild();
    project.models.script([bashInBackground(task.command), 'ACTION: task_output({"task_id": "t1", "wait": true, "timeout_s": 600})']);
    const falcon = startFalcon(['-p', 'start it', '--yes'], { cwd: project.sandbox.project, env: project.sandbox.env() });
    headless = falcon.child;
    falcon.child.stdin!.end();
    await expect.poll(() => task.running()).toBe(2);
    falcon.child.kill('SIGKILL');
    expect((await falcon.result).signal).toBe('SIGKILL');
    await expect.poll(() => task.running()).toBe(0);
  });
});

describe('the TUI with background tasks', requirePlatform('linux', 'reads /proc'), () => {
  it('asks, shows "task t2 ended" at once, tells the model with the next message, lists the tasks with /tasks, and stops them on exit', async () => {
    const task = commandWithGrandchild();
    project.models.script([
      bashInBackground(task.command),
      bashInBackground('sleep 2; echo quick'),
      'Final Answer: both started',
      'Final Answer: t2 printed quick',
    ]);
    terminal = startFalconInPty([], { cwd: project.sandbox.project, env: project.sandbox.env(), cols: 120, rows: 40 });
    const session = terminal;
    await session.waitForText('Ask about your API');
    await type(session, 'start both');
    await session.waitForText('in the background: it runs until it ends, is stopped, or the session ends');
    session.write('y');
    await session.waitForText('$ sleep 2; echo quick');
    session.write('y');
    await session.waitForText('both started');
    await session.waitForText('task t2 ended (exit 0)');
    await type(session, 'what happened?');
    await session.waitForText('t2 printed quick');
    const [note, message] = lastMessage(project.models.requests.at(-1)!).split('\n\n');
    expect(note).toMatch(/^\[Background task t2 ended \(exit 0\) after [\d.]+ s: sleep 2; echo quick\]\nIts last lines:\nquick\n/);
    expect(message).toBe('what happened?');

    await type(session, '/tasks');
    await session.waitForText('Tasks (1 running of 2)');
    const screen = session.screen();
    expect(screen).toMatch(/t1 {3}running {4}[\d.]+ s\s+\(sleep 301\.\d+; echo never\) & echo started; sleep 302\.\d+/);
    expect(screen).toMatch(/t2 {3}completed {2}[\d.]+ s\s+0 {5}sleep 2; echo quick/);
    expect(screen).toMatch(/output: \.falcon\/sessions\/[\w-]+\/tasks\/t1\.log/);
    expect(task.running()).toBe(2);

    await type(session, '/exit');
    await session.exited;
    expect(task.running()).toBe(0);
  });
});

const type = (session: PtySession, text: string) => session.submit(text);
