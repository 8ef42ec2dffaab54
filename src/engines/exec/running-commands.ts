import type { CommandProcesses } from './command-processes.js';
import { startOrphanGuardian } from './orphan-guardian.js';
import { PROCESS_TABLE_READABLE } from './process-table.js';
import { INSTANCE_ID, newRunId } from './run-id.js';

const running = new Set<CommandProcesses>();
let watching = false;

/**
 * A run id for a command about to start. The first one starts what stops the commands' processes
 * when Falcon ends first: the exit handler (kills at once: an exit handler cannot wait) and, on
 * Linux, the orphan guardian for when Falcon is killed in a way no handler sees. Both before the
 * command starts: Falcon may be killed the moment its process exists.
 */
export function watchedRunId(): string {
  if (!watching) {
    watching = true;
    process.once('exit', () => {
      for (const command of running) command.killNow();
    });
    if (PROCESS_TABLE_READABLE) startOrphanGuardian(INSTANCE_ID);
  }
  return newRunId();
}

/** Remembers a command's processes until it has ended, so that they are stopped when Falcon ends first. */
export function trackCommand(processes: CommandProcesses): () => void {
  running.add(processes);
  return () => running.delete(processes);
}

/** Stops the processes of every running command (SIGTERM, grace, SIGKILL): before Falcon ends on a signal. */
export async function stopRunningCommands(graceMs: number): Promise<void> {
  await Promise.all([...running].map((command) => command.stop(graceMs)));
}
