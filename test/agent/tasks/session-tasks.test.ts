import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionTasks } from '../../../src/agent/tasks/session-tasks.js';
import { TASK_NOTE_PREFIX } from '../../../src/agent/tasks/task-end-note.js';
import { maskText } from '../../../src/safety/mask-text.js';
import { SecretRegistry } from '../../../src/safety/secret-registry.js';
import type { TaskInfo, TaskIo, TaskJob } from '../../../src/kit/tool/task-list.js';
import { ToolError } from '../../../src/kit/tool/tool.js';

let project: string;
let folder: string;
let ended: TaskInfo[];
let secrets: SecretRegistry;

beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'falcon-tasks-'));
  folder = path.join(project, '.falcon', 'sessions', 's1', 'tasks');
  ended = [];
  secrets = new SecretRegistry();
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(project, { recursive: true, force: true });
});

function createTasks(): SessionTasks {
  return new SessionTasks({
    projectRoot: project,
    folder,
    mask: (text) => maskText(text, { secrets }),
    onEnd: (task) => ended.push(task),
  });
}

/** A job the test drives: it writes what the test says, and ends when the test says so. */
function controlledJob(label = 'job'): TaskJob & { io: Promise<TaskIo>; finish(result?: { exitCode?: number }): void; fail(error: Error): void } {
  let finish: (result?: { exitCode?: number }) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  let gotIo: (io: TaskIo) => void = () => undefined;
  const io = new Promise<TaskIo>((resolve) => (gotIo = resolve));
  return {
    kind: 'test',
    label,
    io,
    finish: (result) => finish(result),
    fail: (error) => fail(error),
    run: (taskIo) =>
      new Promise((resolve, reject) => {
        finish = resolve;
        fail = reject;
        taskIo.signal.addEventListener('abort', () => reject(taskIo.signal.reason), { once: true });
        gotIo(taskIo);
      }),
  };
}

const untilEnded = (count: number) => expect.poll(() => ended.length).toBe(count);

describe('SessionTasks', () => {
  it('numbers tasks t1, t2, … and gives each an output file under the session folder', () => {
    const tasks = createTasks();
    const first = tasks.start(controlledJob('one'));
    const second = tasks.start(controlledJob('two'));
    expect([first.id, second.id]).toEqual(['t1', 't2']);
    expect(first).toMatchObject({ kind: 'test', label: 'one', state: 'running', outputFile: path.join('.falcon', 'sessions', 's1', 'tasks', 't1.log') });
    expect(tasks.list().map((task) => task.id)).toEqual(['t1', 't2']);
  });

  it('continues the numbering of a resumed session after the output files already there', async () => {
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 't1.log'), '');
    await writeFile(path.join(folder, 't7.log'), '');
    expect(createTasks().start(controlledJob()).id).toBe('t8');
  });

  it('writes the output to a private file and reads back what came since the last read', async () => {
    const tasks = createTasks();
    const job = controlledJob();
    const { id } = tasks.start(job);
    const io = await job.io;
    io.write('first\nsec');
    io.write('ond\n');
    expect(await tasks.read(id)).toMatchObject({ task: { state: 'running' }, text: 'first\nsecond', omittedLines: 0 });
    io.write('third\npartial');
    expect((await tasks.read(id)).text).toBe('third\npartial');
    // A line still being written is read again once whole.
    io.write(' line\n');
    expect((await tasks.read(id)).text).toBe('partial line');
    expect((await tasks.read(id)).text).toBe('');
    job.finish({ exitCode: 0 });
    await untilEnded(1);
    const file = path.join(project, tasks.get(id).outputFile);
    expect(await readFile(file, 'utf8')).toBe('first\nsecond\nthird\npartial line\n');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('keeps the end of a long output and counts the lines before it', async () => {
    const tasks = createTasks();
    const job = controlledJob();
    const { id } = tasks.start(job);
    const io = await job.io;
    for (let line = 1; line <= 5000; line++) io.write(`line ${line}\n`);
    const read = await tasks.read(id);
    const lines = read.text.split('\n');
    expect(lines.at(-1)).toBe('line 5000');
    expect(read.omittedLines + lines.length).toBe(5000);
    expect(lines).toHaveLength(200);
    job.finish();
  });

  it('masks known secrets and secret shapes on disk and when read back; escape sequences never come back', async () => {
    secrets.register('s3cr3t-value-1234567', 'API_TOKEN');
    const tasks = createTasks();
    const job = controlledJob();
    const { id } = tasks.start(job);
    const io = await job.io;
    io.write('token s3cr3t-val');
    io.write('ue-1234567 and Authorization: Bearer abcdefghijklmnop1234\n\x1b[31mred\x1b[0m\x1b]0;title\x07\n');
    job.finish();
    await untilEnded(1);
    const onDisk = await readFile(path.join(project, tasks.get(id).outputFile), 'utf8');
    expect(onDisk).not.toContain('s3cr3t-value-1234567');
    expect(onDisk).not.toContain('abcdefghijklmnop1234');
    const { text } = await tasks.read(id);
    expect(text).toContain('[masked:API_TOKEN]');
    expect(text).not.toContain('abcdefghijklmnop1234');
    expect(text).toContain('red');
    expect(text).not.toContain('\x1b');
  });

  it('a job that ends queues one note for the model, with its last lines and where the rest is', async () => {
    const tasks = createTasks();
    const job = controlledJob('npm test');
    tasks.start(job);
    (await job.io).write('12 passed\n');
    job.finish({ exitCode: 0 });
    await untilEnded(1);
    expect(ended[0]).toMatchObject({ id: 't1', state: 'completed', exitCode: 0 });
    const notes = tasks.takeNotes();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(new RegExp(`^\\${TASK_NOTE_PREFIX}task t1 ended \\(exit 0\\) after [\\d.]+ m?s: npm test\\]\n`));
    expect(notes[0]).toContain('Its last lines:\n12 passed\n');
    expect(notes[0]).toContain(`task_output({"task_id": "t1"}), or the file ${path.join('.falcon', 'sessions', 's1', 'tasks', 't1.log')}`);
    expect(tasks.takeNotes()).toEqual([]);
  });

  it('no note for a task whose end the model has already read, or that it stopped', async () => {
    const tasks = createTasks();
    const read = controlledJob();
    const stopped = controlledJob();
    tasks.start(read);
    tasks.start(stopped);
    read.finish({ exitCode: 3 });
    expect(await tasks.wait('t1', 5000, new AbortController().signal)).toMatchObject({ state: 'failed', exitCode: 3 });
    expect((await tasks.read('t1')).task.state).toBe('failed');
    expect(await tasks.stop('t2')).toMatchObject({ state: 'stopped' });
    await untilEnded(2);
    expect(tasks.takeNotes()).toEqual([]);
    expect(ended.map((task) => task.state)).toEqual(['failed', 'stopped']);
  });

  it('a job that fails ends as failed with its error', async () => {
    const tasks = createTasks();
    const job = controlledJob();
    tasks.start(job);
    job.fail(new Error('timed out after 5 s'));
    await untilEnded(1);
    expect(tasks.get('t1')).toMatchObject({ state: 'failed', error: 'timed out after 5 s' });
    expect(tasks.takeNotes()[0]).toContain('task t1 failed: timed out after 5 s after');
  });

  it('wait answers when the task ends, or when its time is up', async () => {
    const tasks = createTasks();
    const job = controlledJob();
    tasks.start(job);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let answer: TaskInfo | undefined;
    const timed = tasks.wait('t1', 200, new AbortController().signal).then((info) => (answer = info));
    await vi.advanceTimersByTimeAsync(199);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await timed;
    expect(answer?.state).toBe('running');
    const waiting = tasks.wait('t1', 60_000, new AbortController().signal);
    job.finish({ exitCode: 0 });
    expect((await waiting).state).toBe('completed');
  });

  it('wait gives up when its signal aborts', async () => {
    const tasks = createTasks();
    tasks.start(controlledJob());
    const controller = new AbortController();
    const waiting = tasks.wait('t1', 60_000, controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
    await tasks.stopAll();
  });

  it('stopAll stops the running tasks and says which they were', async () => {
    const tasks = createTasks();
    const done = controlledJob('done');
    tasks.start(done);
    tasks.start(controlledJob('long'));
    done.finish();
    await untilEnded(1);
    expect((await tasks.stopAll()).map((task) => [task.id, task.state])).toEqual([['t2', 'stopped']]);
    expect(tasks.list().map((task) => task.state)).toEqual(['completed', 'stopped']);
  });

  it('an unknown id is an error naming the tasks there are', async () => {
    const tasks = createTasks();
    expect(() => tasks.get('t1')).toThrow(new ToolError('No task t1 in this session. It has started none.'));
    tasks.start(controlledJob());
    await expect(tasks.read('t9')).rejects.toThrow('No task t9 in this session. Its tasks: t1 (running).');
    await tasks.stopAll();
  });
});
