import { type ChildProcess, spawn } from 'node:child_process';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { CommandProcesses } from '../../engines/exec/command-processes.js';
import { OutputTail } from '../../engines/exec/output-tail.js';
import { RUN_ID_VARIABLE } from '../../engines/exec/run-id.js';
import { trackCommand, watchedRunId } from '../../engines/exec/running-commands.js';

export interface ProcessTransportOptions {
  command: string;
  args: readonly string[];
  cwd: string;
  /** The server's whole environment. */
  env: Record<string, string>;
}

/** What a server that has stopped is known by: its exit, and the last thing it wrote to stderr. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  lastError?: string;
}

/** Time a server gets to exit by itself once its stdin is closed, as the MCP spec asks; then SIGTERM. */
const EXIT_WAIT_MS = 1000;
/** Between SIGTERM and SIGKILL. */
const STOP_GRACE_MS = 1000;

/**
 * MCP over a child process's stdin and stdout, like the SDK's StdioClientTransport, but the process
 * runs in its own process group with a run id (as Falcon's commands do, `engines/exec/`), so that
 * closing stops every process it started (`npx` and the server it runs), and Falcon's exit or death
 * does too. Its stderr is kept, never shown: the last line explains a server that fails.
 */
export class ProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child?: ChildProcess;
  private processes?: CommandProcesses;
  private untrack?: () => void;
  private readonly readBuffer = new ReadBuffer();
  private readonly stderr = new OutputTail();
  private exited?: Promise<void>;
  private exitInfo?: ProcessExit;

  constructor(private readonly options: ProcessTransportOptions) {}

  /** Set once the process has ended. */
  get exit(): ProcessExit | undefined {
    return this.exitInfo;
  }

  start(): Promise<void> {
    const runId = watchedRunId();
    const child = spawn(this.options.command, [...this.options.args], {
      cwd: this.options.cwd,
      env: { ...this.options.env, [RUN_ID_VARIABLE]: runId },
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
      windowsHide: true,
    });
    this.child = child;
    this.exited = new Promise((resolve) =>
      child.once('close', (code, signal) => {
        this.exitInfo = { code, signal, ...(this.lastErrorLine() && { lastError: this.lastErrorLine() }) };
        this.untrack?.();
        resolve();
        this.onclose?.();
      }),
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      try {
        this.readBuffer.append(chunk);
      } catch (error) {
        // A line longer than the SDK's 10 MB limit: no message can be read from this server any more.
        this.onerror?.(error as Error);
        void this.close();
        return;
      }
      this.readMessages();
    });
    child.stderr?.on('data', (chunk: Buffer) => this.stderr.push(chunk));
    // A server that stops reading its stdin (it died) must not crash Falcon with EPIPE.
    child.stdin?.on('error', (error) => this.onerror?.(error));
    return new Promise((resolve, reject) => {
      child.once('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once('spawn', () => {
        this.processes = new CommandProcesses(child.pid!, runId);
        this.untrack = trackCommand(this.processes);
        resolve();
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.exitInfo) return Promise.reject(new Error('the server has stopped'));
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /** Closes its stdin, waits a moment for it to exit, then stops whatever of its processes is left. */
  async close(): Promise<void> {
    const { child, processes, exited } = this;
    if (!child || !exited) return;
    child.stdin?.end();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, EXIT_WAIT_MS)))]);
    clearTimeout(timer);
    await processes?.stop(STOP_GRACE_MS);
    this.untrack?.();
    this.readBuffer.clear();
  }

  private readMessages(): void {
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.readBuffer.readMessage();
      } catch (error) {
        // A line that is not JSON-RPC (a server that logs to stdout): skipped, the next may be.
        this.onerror?.(error as Error);
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  private lastErrorLine(): string | undefined {
    const lines = this.stderr
      .tail()
      .text.split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    return lines.at(-1);
  }
}
