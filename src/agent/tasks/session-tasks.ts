import { readdirSync } from 'node:fs';
import path from 'node:path';
import { linkedFolderProblem } from '../../safety/linked-folder.js';
import { ToolError } from '../../kit/tool/tool.js';
import { describeTaskState } from '../../kit/tool/task-description.js';
import type { TaskInfo, TaskJob, TaskList, TaskOutputRead } from '../../kit/tool/task-list.js';
import { taskEndNote } from './task-end-note.js';
import { START_OF_OUTPUT, TaskOutputFile, type OutputMark } from './task-output-file.js';

export interface SessionTasksOptions {
  projectRoot: string;
  /** Where the output files go: `.falcon/sessions/<session id>/tasks/`. */
  folder: string;
  /** Masks the session's secrets (and secret shapes) in output, on disk and read back. */
  mask(text: string): string;
  /** Called once for each task that ends, however it ends; its follow-up note, if any, is queued by then. */
  onEnd(task: TaskInfo): void;
}

interface Task {
  info: TaskInfo;
  output: TaskOutputFile;
  controller: AbortController;
  /** Resolves once `info` holds how the task ended and its output file is complete. */
  ended: Promise<void>;
  /** Resolves after `onEnd`. */
  settled: Promise<void>;
  readMark: OutputMark;
  /** The model has learned how it ended (task_output, task_stop): no follow-up note for it. */
  endSeen: boolean;
}

const LAST_LINES = 10;

/**
 * The background tasks of one session: `t1`, `t2`, … in order (continuing after those of an earlier
 * run of a resumed session), each running until it ends, is stopped, or the session ends. Output goes
 * to a file per task; the end of a task the model has not followed yet queues a note for it.
 */
export class SessionTasks implements TaskList {
  private readonly tasks = new Map<string, Task>();
  private notes: { id: string; text: string }[] = [];
  private lastNumber?: number;

  constructor(private readonly options: SessionTasksOptions) {}

  start(job: TaskJob): TaskInfo {
    const problem = linkedFolderProblem(this.options.projectRoot, this.options.folder);
    if (problem)
      throw new ToolError(
        `No background task can start: its output would go through ${problem}, and Falcon keeps it only inside the project. Run the command in the foreground.`,
      );
    const id = `t${this.nextNumber()}`;
    const file = path.join(this.options.folder, `${id}.log`);
    const info: TaskInfo = {
      id,
      kind: job.kind,
      label: job.label,
      state: 'running',
      startedAt: Date.now(),
      outputFile: path.relative(this.options.projectRoot, file),
    };
    const output = new TaskOutputFile(file, this.options.mask);
    const controller = new AbortController();
    let markEnded = () => {};
    const ended = new Promise<void>((resolve) => (markEnded = resolve));
    const task: Task = { info, output, controller, ended, settled: Promise.resolve(), readMark: START_OF_OUTPUT, endSeen: false };
    this.tasks.set(id, task);
    const running = (async () => job.run({ signal: controller.signal, write: (text) => output.write(text) }))();
    task.settled = this.finish(task, running, markEnded);
    return { ...info };
  }

  list(): TaskInfo[] {
    return [...this.tasks.values()].map((task) => ({ ...task.info }));
  }

  get(id: string): TaskInfo {
    return { ...this.find(id).info };
  }

  async read(id: string): Promise<TaskOutputRead> {
    const task = this.find(id);
    // Taken before the output: a task that ends meanwhile is read as running, its end comes next time.
    const info = { ...task.info };
    const slice = await task.output.readSince(task.readMark);
    task.readMark = slice.next;
    if (info.state !== 'running') task.endSeen = true;
    return { task: info, text: slice.text, omittedLines: slice.omittedLines };
  }

  async wait(id: string, timeoutMs: number, signal: AbortSignal): Promise<TaskInfo> {
    const task = this.find(id);
    signal.throwIfAborted();
    let timer: NodeJS.Timeout | undefined;
    let onAbort = () => {};
    try {
      await Promise.race([
        task.ended,
        new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
        new Promise<never>((_resolve, reject) => {
          onAbort = () => reject(signal.reason);
          signal.addEventListener('abort', onAbort, { once: true });
        }),
      ]);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
    return { ...task.info };
  }

  async stop(id: string): Promise<TaskInfo> {
    const task = this.find(id);
    task.endSeen = true;
    task.controller.abort(new Error(`task ${id} was stopped`));
    await task.settled;
    return { ...task.info };
  }

  /** Stops every running task (the session ends) and resolves with them once all have ended. */
  async stopAll(): Promise<TaskInfo[]> {
    const running = [...this.tasks.values()].filter((task) => task.info.state === 'running');
    await Promise.all(running.map((task) => this.stop(task.info.id)));
    return running.map((task) => ({ ...task.info }));
  }

  /** The notes about tasks that ended since the last call, leaving out those the model has followed to their end. */
  takeNotes(): string[] {
    const notes = this.notes.filter((note) => !this.find(note.id).endSeen);
    this.notes = [];
    return notes.map((note) => note.text);
  }

  private async finish(task: Task, running: Promise<{ exitCode?: number } | void>, markEnded: () => void): Promise<void> {
    const { info, controller } = task;
    try {
      const exitCode = (await running)?.exitCode;
      const state = controller.signal.aborted ? 'stopped' : exitCode ? 'failed' : 'completed';
      Object.assign(info, { state, ...(exitCode !== undefined && state !== 'stopped' && { exitCode }) });
    } catch (error) {
      Object.assign(info, controller.signal.aborted ? { state: 'stopped' } : { state: 'failed', error: messageOf(error) });
    }
    task.output.close();
    info.endedAt = Date.now();
    markEnded();
    if (info.state !== 'stopped' && !task.endSeen) {
      const note = taskEndNote(info, await task.output.lastLines(LAST_LINES).catch(() => ''));
      if (!task.endSeen) this.notes.push({ id: info.id, text: note });
    }
    this.options.onEnd({ ...info });
  }

  private find(id: string): Task {
    const task = this.tasks.get(id.trim());
    if (task) return task;
    const known = [...this.tasks.values()].map(({ info }) => `${info.id} (${describeTaskState(info)})`);
    throw new ToolError(`No task ${id} in this session. ${known.length ? `Its tasks: ${known.join(', ')}.` : 'It has started none.'}`);
  }

  /** After the highest number among the output files already there (a resumed session's earlier tasks). */
  private nextNumber(): number {
    this.lastNumber ??= highestTaskNumber(this.options.folder);
    this.lastNumber += 1;
    return this.lastNumber;
  }
}

function highestTaskNumber(folder: string): number {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return 0;
  }
  return Math.max(0, ...names.map((name) => Number(/^t(\d+)\.log$/.exec(name)?.[1] ?? 0)));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}
