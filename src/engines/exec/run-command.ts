import { access } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import type { ResultPromise } from 'execa';
import { CommandProcesses, type StoppedProcess } from './command-processes.js';
import { OutputTail } from './output-tail.js';
import { RUN_ID_VARIABLE } from './run-id.js';
import { trackCommand, watchedRunId } from './running-commands.js';

export interface RunCommandOptions {
  /** A shell command line, run by bash (sh where there is no bash). */
  command: string;
  /** Absolute folder to run in. */
  cwd: string;
  /** Undefined: no limit (a background task runs until it ends or is stopped). */
  timeoutMs?: number;
  /** Aborting stops the command and everything it started, then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called with each piece of output as it arrives (stdout and stderr together), whole characters only. */
  onOutput?(text: string): void;
  /** Written to the command's stdin, which is then closed; without it, stdin is closed from the start. */
  input?: string;
  /** Each piece of stdout alone, and of stderr alone, as it arrives (a hook's answer and its message). */
  onStdout?(chunk: Buffer): void;
  onStderr?(chunk: Buffer): void;
  /** Variables added to Falcon's own environment for this command (a trusted project's `.env`). */
  env?: Readonly<Record<string, string>>;
}

export interface CommandResult {
  /** Undefined when a signal ended the command. */
  exitCode?: number;
  /** The signal that ended the shell, e.g. SIGTERM on a timeout. */
  signal?: string;
  timedOut: boolean;
  durationMs: number;
  /** The end of stdout and stderr interleaved; see OutputTail. */
  output: string;
  omittedLines: number;
  /** Processes the command left running in the background, stopped when it ended. */
  stoppedLeftovers: StoppedProcess[];
}

/** Time a timed-out command gets between SIGTERM and SIGKILL, to flush its output. */
const TIMEOUT_GRACE_MS = 2000;
/** Esc must stop everything within a fraction of a second. */
const ABORT_GRACE_MS = 250;
const LEFTOVER_GRACE_MS = 500;
/** How long output may keep flowing after its processes are gone (one Falcon could not find holds the pipe). */
const DRAIN_MS = 1000;

/**
 * Runs a command in its own process group (spawned detached) with a run id in its environment, so
 * that a timeout, an abort or the end of the command itself stops every process it started:
 * grandchildren, `&` jobs, and on Linux those that left the group (`setsid`, `nohup … &`, double forks).
 */
export async function runCommand(options: RunCommandOptions): Promise<CommandResult> {
  options.signal?.throwIfAborted();
  const { execa } = await import('execa');
  const [file, args] = await shellFor(options.command);
  const runId = watchedRunId();
  const started = performance.now();
  const child = execa(file, args, {
    cwd: options.cwd,
    env: { ...options.env, [RUN_ID_VARIABLE]: runId },
    detached: true,
    stdin: options.input === undefined ? 'ignore' : 'pipe',
    all: true,
    buffer: false,
    reject: false,
    shell: process.platform === 'win32',
    windowsHide: true,
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const tail = new OutputTail();
  // A character split between two chunks reaches onOutput whole, with the second.
  const decoder = new StringDecoder('utf8');
  child.all?.on('data', (chunk: Buffer) => {
    tail.push(chunk);
    const text = decoder.write(chunk);
    if (text) options.onOutput?.(text);
  });
  if (options.onStdout) child.stdout?.on('data', options.onStdout);
  if (options.onStderr) child.stderr?.on('data', options.onStderr);
  // A command that exits without reading its input closes the pipe under the write: not an error.
  child.stdin?.on('error', () => undefined);
  child.stdin?.end(options.input);
  const pgid = child.pid;
  if (pgid === undefined) {
    const failed = await child;
    throw new Error(`could not start the command: ${failed.shortMessage ?? failed.message}`);
  }

  const processes = new CommandProcesses(pgid, runId);
  const untrack = trackCommand(processes);
  let stopReason: 'timeout' | 'abort' | undefined;
  const stop = (reason: 'timeout' | 'abort', graceMs: number) => {
    stopReason ??= reason;
    void processes.stop(graceMs);
  };
  const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => stop('timeout', TIMEOUT_GRACE_MS), options.timeoutMs);
  const onAbort = () => stop('abort', ABORT_GRACE_MS);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  // Aborted while execa was loading: the event has already fired.
  if (options.signal?.aborted) onAbort();
  try {
    const { code, signal } = await exited;
    const durationMs = performance.now() - started;
    clearTimeout(timer);
    // The shell is gone; whatever is left of its processes was started in the background.
    const stopped = await processes.stop(LEFTOVER_GRACE_MS);
    await drain(child, DRAIN_MS);
    const unfinished = decoder.end();
    if (unfinished) options.onOutput?.(unfinished);
    options.signal?.throwIfAborted();
    const { text: output, omittedLines } = tail.tail();
    return {
      exitCode: code ?? undefined,
      signal: signal ?? undefined,
      timedOut: stopReason === 'timeout',
      durationMs,
      output,
      omittedLines,
      stoppedLeftovers: stopReason ? [] : stopped,
    };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    untrack();
  }
}

/** Waits for the output pipes to close, but not for a process Falcon could not find that keeps them open. */
async function drain(child: ResultPromise, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const outcome = await Promise.race([child.then(() => 'done' as const), timedOut]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    child.stdout?.destroy();
    child.stderr?.destroy();
    await child.catch(() => undefined);
  }
}

/** bash when there is one (models write bash), else sh; on Windows the default shell. */
async function shellFor(command: string): Promise<[string, string[]]> {
  if (process.platform === 'win32') return [command, []];
  const bash = await access('/bin/bash').then(
    () => true,
    () => false,
  );
  return [bash ? '/bin/bash' : '/bin/sh', ['-c', command]];
}
