import { execFile } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';

const POLL_MS = 20;
/** How long to wait for SIGKILL to take effect before giving up (a process stuck in the kernel). */
const KILL_WAIT_MS = 2000;

const running = new Set<number>();
let exitHookInstalled = false;

/**
 * Remembers a process group started detached, so that it is killed even if Falcon itself exits
 * first (execa's own cleanup skips detached children).
 */
export function trackProcessGroup(pgid: number): () => void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const group of running) signalGroup(group, 'SIGKILL');
    });
  }
  running.add(pgid);
  return () => running.delete(pgid);
}

/**
 * Stops every process of the group: SIGTERM, up to `graceMs` for them to finish, then SIGKILL to
 * whatever is left, and waits until none is alive. Resolves at once when the group is already empty.
 */
export async function stopProcessGroup(pgid: number, graceMs: number): Promise<void> {
  if (!(await groupIsAlive(pgid))) return;
  if (process.platform === 'win32') {
    await new Promise((resolve) => execFile('taskkill', ['/pid', String(pgid), '/T', '/F'], resolve));
    return;
  }
  signalGroup(pgid, 'SIGTERM');
  if (await waitUntilGone(pgid, graceMs)) return;
  signalGroup(pgid, 'SIGKILL');
  await waitUntilGone(pgid, KILL_WAIT_MS);
}

/** Whether any process of the group is still running; zombies (dead, not yet reaped) do not count. */
export async function groupIsAlive(pgid: number): Promise<boolean> {
  if (process.platform === 'linux') return (await linuxGroupMembers(pgid)) > 0;
  try {
    process.kill(process.platform === 'win32' ? pgid : -pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

async function waitUntilGone(pgid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (await groupIsAlive(pgid)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}

/**
 * Living members of a process group, from /proc. `kill(-pgid, 0)` cannot tell: it succeeds while
 * a zombie of the group waits for a parent (or an init that never reaps) to collect it.
 */
async function linuxGroupMembers(pgid: number): Promise<number> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const stats = await Promise.all(pids.map((pid) => readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')));
  return stats.filter((stat) => {
    // pid (comm) state ppid pgrp …; comm may itself hold spaces and parentheses.
    const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(group) === pgid && state !== 'Z' && state !== 'X';
  }).length;
}
