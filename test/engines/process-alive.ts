import { readFileSync } from 'node:fs';

/**
 * Whether a process is still running, by `process.kill(pid, 0)`. A zombie counts as gone: it is
 * dead and only waits to be collected, and on machines whose init never collects orphans (this
 * sandbox's PID 1 is not an init) it would otherwise look alive forever.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  if (process.platform !== 'linux') return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}
