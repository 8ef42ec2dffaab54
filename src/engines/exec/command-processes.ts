import { groupIsAlive, signalGroup, stopProcessGroup } from './process-group.js';
import { PROCESS_TABLE_READABLE, type ProcessEntry, isStillRunning, readCommandLine, readProcessTable } from './process-table.js';

export interface StoppedProcess {
  pid: number;
  /** Its command line; undefined outside Linux, where `pid` stands for the command's whole process group. */
  command?: string;
}

const POLL_MS = 20;
/** How long to wait for SIGKILL to take effect before giving up (a process stuck in the kernel). */
const KILL_WAIT_MS = 2000;
/** A process may fork between a scan and the signal: scan and kill again, a few times at most. */
const KILL_ROUNDS = 3;

/**
 * Every process one command started. On Linux: its process group, every process carrying its run id
 * (those that left the group with `setsid`, `nohup … &`, a double fork), and their descendants (a
 * child started with a cleared environment). Elsewhere (or without /proc): its process group.
 */
export class CommandProcesses {
  private stopping?: Promise<StoppedProcess[]>;

  constructor(
    readonly pgid: number,
    readonly runId: string,
  ) {}

  /**
   * Stops them all: SIGTERM, up to `graceMs` for them to finish, SIGKILL to whatever is left; resolves
   * once none is alive, with those that were. The first call's grace holds for later ones.
   */
  stop(graceMs: number): Promise<StoppedProcess[]> {
    this.stopping ??= PROCESS_TABLE_READABLE ? this.stopOnLinux(graceMs) : this.stopGroup(graceMs);
    return this.stopping;
  }

  /** SIGKILL to them all at once, synchronously: for when Falcon is exiting and nothing can wait. */
  killNow(): void {
    signalGroup(this.pgid, 'SIGKILL');
    if (!PROCESS_TABLE_READABLE) return;
    for (const entry of this.members()) signalProcess(entry.pid, 'SIGKILL');
  }

  /** The processes alive now, the group's and those that left it; none known outside Linux. */
  living(): ProcessEntry[] {
    return PROCESS_TABLE_READABLE ? this.members() : [];
  }

  private async stopOnLinux(graceMs: number): Promise<StoppedProcess[]> {
    const stopped = new Map<number, StoppedProcess>();
    const signal = (entries: ProcessEntry[], name: NodeJS.Signals) => {
      // Named first: a process that has ended has no command line left.
      for (const entry of entries) {
        if (!stopped.has(entry.pid)) stopped.set(entry.pid, { pid: entry.pid, command: readCommandLine(entry.pid) });
      }
      signalGroup(this.pgid, name);
      for (const entry of entries) if (entry.pgid !== this.pgid) signalProcess(entry.pid, name);
    };
    let targets = this.members();
    if (targets.length === 0) return [];
    signal(targets, 'SIGTERM');
    await waitUntilGone(targets, graceMs);
    for (let round = 0; round < KILL_ROUNDS; round++) {
      // Scanned again rather than reusing the list: a pid that died meanwhile may belong to another process now.
      targets = this.members();
      if (targets.length === 0) break;
      signal(targets, 'SIGKILL');
      await waitUntilGone(targets, KILL_WAIT_MS);
    }
    return [...stopped.values()];
  }

  private async stopGroup(graceMs: number): Promise<StoppedProcess[]> {
    if (!groupIsAlive(this.pgid)) return [];
    await stopProcessGroup(this.pgid, graceMs);
    return [{ pid: this.pgid }];
  }

  private members(): ProcessEntry[] {
    const table = readProcessTable();
    const pids = new Set(table.filter((entry) => entry.runId === this.runId || entry.pgid === this.pgid).map((entry) => entry.pid));
    for (let added = true; added;) {
      added = false;
      for (const entry of table) {
        if (pids.has(entry.pid) || !pids.has(entry.ppid)) continue;
        pids.add(entry.pid);
        added = true;
      }
    }
    pids.delete(process.pid);
    return table.filter((entry) => pids.has(entry.pid));
  }
}

function signalProcess(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // ESRCH: already gone; EPERM: it became another user's (a setuid program), which Falcon cannot stop.
  }
}

async function waitUntilGone(entries: ProcessEntry[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (entries.some(isStillRunning) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
