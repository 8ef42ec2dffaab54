// The session's background tasks as tools see them (ToolContext.tasks). The list itself lives in
// agent/tasks/: it numbers the tasks, writes their output to files and tells the model when one ends.

/** `completed`: ended by itself, exit code 0 if it had one; `failed`: another exit code, or an error. */
export type TaskState = 'running' | 'completed' | 'failed' | 'stopped';

/** A task as it was when asked about. */
export interface TaskInfo {
  /** `t1`, `t2`, … in the order they started within the session. */
  id: string;
  /** What started it: `bash`, `subagent`. */
  kind: string;
  /** What it does, as the user reads it: the command, or the sub-agent and its task. */
  label: string;
  state: TaskState;
  /** Epoch milliseconds. */
  startedAt: number;
  endedAt?: number;
  /** A command's exit code, once it has exited by itself. */
  exitCode?: number;
  /** Why it failed, when no exit code says it (a timeout, a signal, a job's error). */
  error?: string;
  /** Where its whole output goes, relative to the project root. */
  outputFile: string;
}

/** What the model reads of a task's output: what came since its previous read. */
export interface TaskOutputRead {
  task: TaskInfo;
  /** Masked, without escape sequences, cut to its last lines. Empty when nothing new came. */
  text: string;
  /** Lines of the new output before `text`, not shown (they are in the output file). */
  omittedLines: number;
}

/** What a running task may use: its stop signal and the sink its output goes to. */
export interface TaskIo {
  /** Aborted by task_stop and when the session ends: the job must end soon after. */
  signal: AbortSignal;
  write(text: string): void;
}

/** Work of any kind run as a task: a command, a sub-agent. */
export interface TaskJob {
  kind: string;
  label: string;
  /** Resolves when the work is done (with a command's exit code); rejects when it failed. */
  run(io: TaskIo): Promise<{ exitCode?: number } | void>;
}

export interface TaskList {
  /** Starts a job now and returns at once; it runs until it ends, is stopped, or the session ends. */
  start(job: TaskJob): TaskInfo;
  /** Every task of the session, oldest first. */
  list(): TaskInfo[];
  /** Throws a ToolError naming the session's tasks when there is no such task. */
  get(id: string): TaskInfo;
  /** The output since the previous read (the first read: from the start), and the task's state. */
  read(id: string): Promise<TaskOutputRead>;
  /** Resolves when the task ends or `timeoutMs` has passed, whichever is first. */
  wait(id: string, timeoutMs: number, signal: AbortSignal): Promise<TaskInfo>;
  /** Stops the task and every process it started; resolves once it has ended. */
  stop(id: string): Promise<TaskInfo>;
}
