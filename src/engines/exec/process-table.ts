import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { RUN_ID_VARIABLE } from './run-id.js';

/** A living process as Linux's /proc shows it. Zombies (dead, waiting to be collected) are left out. */
export interface ProcessEntry {
  pid: number;
  ppid: number;
  pgid: number;
  /** Clock ticks after boot; with the pid, tells this process from a later one given the same pid. */
  startTime: number;
  /** The value of FALCON_RUN_ID in the environment it was started with. */
  runId?: string;
}

const RUN_ID_ENTRY = Buffer.from(`${RUN_ID_VARIABLE}=`);

/** Linux with /proc mounted: processes can be listed, with their environments. */
export const PROCESS_TABLE_READABLE = process.platform === 'linux' && existsSync('/proc/self/environ');

/**
 * Every living process Falcon may read. Synchronous so that it also works in an `exit` handler; a
 * scan of a few hundred processes takes milliseconds. The environments of other users' processes
 * cannot be read (and their processes not signalled): they are listed without a run id.
 */
export function readProcessTable(): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const entry = readStat(Number(name));
    if (!entry) continue;
    const runId = readRunId(entry.pid);
    entries.push(runId === undefined ? entry : { ...entry, runId });
  }
  return entries;
}

/** Whether this very process (same pid, same start) is still running; a zombie is not. */
export function isStillRunning(entry: ProcessEntry): boolean {
  return readStat(entry.pid)?.startTime === entry.startTime;
}

/** The command line, e.g. `sleep 301`, shortened; the program name when it has none. */
export function readCommandLine(pid: number): string {
  try {
    const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0+$/, '').replaceAll('\0', ' ');
    if (line) return line.length > 80 ? `${line.slice(0, 79)}…` : line;
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  } catch {
    return '?';
  }
}

function readStat(pid: number): ProcessEntry | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
  // cutime cstime priority nice threads itrealvalue starttime …; comm may hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z' || fields[0] === 'X') return undefined;
  return { pid, ppid: Number(fields[1]), pgid: Number(fields[2]), startTime: Number(fields[19]) };
}

function readRunId(pid: number): string | undefined {
  let environ: Buffer;
  try {
    environ = readFileSync(`/proc/${pid}/environ`);
  } catch {
    return undefined;
  }
  let start = environ.subarray(0, RUN_ID_ENTRY.length).equals(RUN_ID_ENTRY) ? 0 : -1;
  if (start === -1) {
    const found = environ.indexOf(Buffer.concat([Buffer.of(0), RUN_ID_ENTRY]));
    if (found === -1) return undefined;
    start = found + 1;
  }
  const valueStart = start + RUN_ID_ENTRY.length;
  const end = environ.indexOf(0, valueStart);
  return environ.toString('utf8', valueStart, end === -1 ? environ.length : end);
}
