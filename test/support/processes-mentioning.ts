import { readFileSync, readdirSync } from 'node:fs';
import { isRunning } from '../engines/process-alive.js';

/** Pids of the living processes whose command line holds `text` (a tag a test put in its commands). */
export function processesMentioning(text: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
      } catch {
        return false;
      }
    })
    .map(Number)
    .filter(isRunning);
}

/** SIGKILL to each of them: a failing test must not leave them behind. */
export function killMentioning(text: string): void {
  for (const pid of processesMentioning(text)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
}
