import { execFile } from 'node:child_process';

const POLL_MS = 20;
/** How long to wait for SIGKILL to take effect before giving up (a process stuck in the kernel). */
const KILL_WAIT_MS = 2000;

/**
 * Outside Linux there is no /proc to find a command's processes in: its process group is all Falcon
 * knows. Stops every process of the group: SIGTERM, up to `graceMs` for them to finish, then SIGKILL
 * to whatever is left. Resolves at once when the group is already empty.
 */
export async function stopProcessGroup(pgid: number, graceMs: number): Promise<void> {
  if (!groupIsAlive(pgid)) return;
  if (process.platform === 'win32') {
    await new Promise((resolve) => execFile('taskkill', ['/pid', String(pgid), '/T', '/F'], resolve));
    return;
  }
  signalGroup(pgid, 'SIGTERM');
  if (await waitUntilGone(pgid, graceMs)) return;
  signalGroup(pgid, 'SIGKILL');
  await waitUntilGone(pgid, KILL_WAIT_MS);
}

export function groupIsAlive(pgid: number): boolean {
  try {
    process.kill(process.platform === 'win32' ? pgid : -pgid, 0);
    return true;
  } catch {
    return false;
  }
}

export function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

async function waitUntilGone(pgid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (groupIsAlive(pgid)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}
