import type { CommandProcesses } from './command-processes.js';
import { startOrphanGuardian } from './orphan-guardian.js';
import { PROCESS_TABLE_READABLE } from './process-table.js';
import { INSTANCE_ID } from './run-id.js';

const running = new Set<CommandProcesses>();
let firstCommand = true;

/**
 * Remembers a command's processes until it has ended, so that they are stopped when Falcon ends
 * first: on exit (killed at once: an exit handler cannot wait) and, on Linux, by the orphan guardian
 * when Falcon is killed in a way no handler sees.
 */
export function trackCommand(processes: CommandProcesses): () => void {
  if (firstCommand) {
    firstCommand = false;
    process.once('exit', () => {
      for (const command of running) command.killNow();
    });
    if (PROCESS_TABLE_READABLE) startOrphanGuardian(INSTANCE_ID);
  }
  running.add(processes);
  return () => running.delete(processes);
}

/** Stops the processes of every running command (SIGTERM, grace, SIGKILL): before Falcon ends on a signal. */
export async function stopRunningCommands(graceMs: number): Promise<void> {
  await Promise.all([...running].map((command) => command.stop(graceMs)));
}
