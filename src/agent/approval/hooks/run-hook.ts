import type { HookCommand } from '../../../config/types.js';
import { runCommand } from '../../../engines/exec/run-command.js';
import type { HookContext } from './hook-context.js';

export const DEFAULT_HOOK_TIMEOUT_S = 60;
/** What is kept of each stream: a hook's reason or note, not a log. */
const KEPT_BYTES = 64 * 1024;

export interface HookOutcome {
  /** Undefined when the hook did not exit by itself (a timeout, a signal) or could not start. */
  exitCode?: number;
  stdout: string;
  stderr: string;
  /** Why there is no exit code, in a few words: `timed out after 60 s`. */
  failure?: string;
}

/**
 * Runs one hook in the project root with `payload` as JSON on its stdin, through the process-group
 * runner: when it ends, times out or the run is cancelled, every process it started ends too.
 */
export async function runHook(hook: HookCommand, payload: object, context: Pick<HookContext, 'projectRoot' | 'signal' | 'env'>): Promise<HookOutcome> {
  const { projectRoot, signal } = context;
  const stdout = new KeptBytes();
  const stderr = new KeptBytes();
  const timeoutS = hook.timeoutS ?? DEFAULT_HOOK_TIMEOUT_S;
  try {
    const result = await runCommand({
      command: hook.command,
      cwd: projectRoot,
      timeoutMs: timeoutS * 1000,
      signal,
      env: context.env,
      input: `${JSON.stringify(payload)}\n`,
      onStdout: (chunk) => stdout.push(chunk),
      onStderr: (chunk) => stderr.push(chunk),
    });
    const failure = result.timedOut
      ? `timed out after ${timeoutS} s`
      : result.exitCode === undefined
        ? `was ended by ${result.signal ?? 'a signal'}`
        : undefined;
    return { exitCode: failure ? undefined : result.exitCode, stdout: stdout.text(), stderr: stderr.text(), ...(failure && { failure }) };
  } catch (error) {
    if (signal.aborted) throw error;
    return { stdout: '', stderr: '', failure: `could not start (${(error as Error).message})` };
  }
}

/** The start of a stream, up to KEPT_BYTES. */
class KeptBytes {
  private readonly chunks: Buffer[] = [];
  private size = 0;

  push(chunk: Buffer): void {
    if (this.size >= KEPT_BYTES) return;
    const kept = chunk.subarray(0, KEPT_BYTES - this.size);
    this.chunks.push(kept);
    this.size += kept.length;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8').trim();
  }
}

/** `exited with 1: <stderr>` / `timed out after 10 s`: for a warning about a hook. */
export function describeHookFailure(hook: HookCommand, outcome: HookOutcome): string {
  const how = outcome.failure ?? `exited with ${outcome.exitCode}`;
  const said = outcome.stderr.split('\n', 1)[0];
  return `hook \`${hook.command}\` ${how}${said ? `: ${said}` : ''}`;
}
