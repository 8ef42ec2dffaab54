import { randomInt } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { isRunning } from '../engines/process-alive.js';

/**
 * `sleep <seconds>.<random digits>`: a command line no other test (or a second run of this one)
 * uses, so that finding it alive means this test left it running.
 */
export function uniqueSleep(seconds: number): string {
  return `sleep ${seconds}.${randomInt(100_000, 999_999)}`;
}

/** Pids of the living processes (zombies are dead) whose command line is exactly `command`. */
export function runningWithCommandLine(command: string): number[] {
  const wanted = `${command.split(' ').join('\0')}\0`;
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8') === wanted;
      } catch {
        return false;
      }
    })
    .map(Number)
    .filter(isRunning);
}

/** SIGKILL to each living process with one of these command lines: a failing test must not leave them behind. */
export function killRunning(commands: string[]): void {
  for (const pid of commands.flatMap(runningWithCommandLine)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
}

/**
 * A bash line that returns once a process whose command line is exactly `command` runs (Linux: from
 * /proc, with bash builtins only): a command waits for what it started instead of for a guessed time.
 */
export function untilRunningInBash(command: string): string {
  const running = `running() { local f parts; for f in /proc/[0-9]*/cmdline; do mapfile -d '' parts 2>/dev/null < "$f" || continue; [ "\${parts[*]}" = "$1" ] && return 0; done; return 1; }`;
  return `${running}; until running '${command}'; do sleep 0.05; done`;
}
