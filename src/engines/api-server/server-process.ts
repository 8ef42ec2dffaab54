import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { CommandProcesses, type StoppedProcess } from '../exec/command-processes.js';
import type { ProcessEntry } from '../exec/process-table.js';
import { isStillRunning } from '../exec/process-table.js';
import { RUN_ID_VARIABLE } from '../exec/run-id.js';
import { trackCommand, watchedRunId } from '../exec/running-commands.js';

export interface ProcessExit {
  /** Undefined when a signal ended it. */
  code?: number;
  signal?: string;
  /** It could not be started at all. */
  error?: string;
}

export interface ServerProcessOptions {
  /** A shell command line, run by bash (sh where there is none). */
  command: string;
  /** Absolute. */
  cwd: string;
  /** The whole environment (nothing else is inherited). */
  env: Record<string, string>;
  onOutput(text: string, stream: 'stdout' | 'stderr'): void;
}

/**
 * The API's server as a process tree: its shell in a process group of its own, every process it
 * starts carrying a run id (`engines/exec/`), so that stopping it — or Falcon ending, however it
 * ends — ends them all.
 */
export class ServerProcess {
  readonly exited: Promise<ProcessExit>;
  private readonly processes: CommandProcesses | undefined;

  private constructor(
    readonly pid: number | undefined,
    processes: CommandProcesses | undefined,
    exited: Promise<ProcessExit>,
  ) {
    this.processes = processes;
    this.exited = exited;
  }

  static start(options: ServerProcessOptions): ServerProcess {
    const runId = watchedRunId();
    const shell = existsSync('/bin/bash') ? '/bin/bash' : '/bin/sh';
    const child = spawn(shell, ['-c', options.command], {
      cwd: options.cwd,
      env: { ...options.env, [RUN_ID_VARIABLE]: runId },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    for (const stream of ['stdout', 'stderr'] as const) {
      const decoder = new StringDecoder('utf8');
      child[stream].on('data', (chunk: Buffer) => options.onOutput(decoder.write(chunk), stream));
      child[stream].on('end', () => {
        const rest = decoder.end();
        if (rest) options.onOutput(rest, stream);
      });
    }
    if (child.pid === undefined) {
      const failed = new Promise<ProcessExit>((resolve) => child.once('error', (error) => resolve({ error: error.message })));
      return new ServerProcess(undefined, undefined, failed);
    }
    const processes = new CommandProcesses(child.pid, runId);
    const untrack = trackCommand(processes);
    const exited = new Promise<ProcessExit>((resolve) => {
      child.once('error', (error) => resolve({ error: error.message }));
      // `close`: its output has all been read, so the last lines are in the log before the exit is told.
      child.once('close', (code, signal) => resolve({ ...(code !== null && { code }), ...(signal !== null && { signal }) }));
    }).then(async (exit) => {
      // The shell is gone: what it left behind goes with it.
      await processes.stop(500);
      untrack();
      return exit;
    });
    return new ServerProcess(child.pid, processes, exited);
  }

  /** Its processes alive now (Linux), to tell that one of them restarted. */
  living(): ProcessEntry[] {
    return this.processes?.living() ?? [];
  }

  /** SIGTERM to them all, `graceMs` to finish, SIGKILL to the rest; resolves once none is left and the shell's exit is known. */
  async stop(graceMs: number): Promise<StoppedProcess[]> {
    const stopped = (await this.processes?.stop(graceMs)) ?? [];
    await this.exited;
    return stopped;
  }
}

/** Whether any of these processes has ended (or become another process under the same pid). */
export function anyEnded(entries: readonly ProcessEntry[]): boolean {
  return entries.some((entry) => !isStillRunning(entry));
}
