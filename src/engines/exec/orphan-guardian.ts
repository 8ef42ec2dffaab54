import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { RUN_ID_VARIABLE } from './run-id.js';

/*
 * Waits on a pipe whose other end only Falcon holds and never writes to: end of file means Falcon has
 * exited, however it ended (SIGKILL and crashes included). Then it stops every process still carrying
 * one of Falcon's run ids: SIGTERM, half a second, SIGKILL until none is left. It ignores the signals
 * a closed terminal or Ctrl-C sends, and runs in a session of its own, so that it outlives Falcon.
 */
const SCRIPT = `
trap '' HUP INT TERM QUIT
cat >/dev/null
signal=TERM
for round in 1 2 3 4; do
  pids=$(grep -lsz "^${RUN_ID_VARIABLE}=$1-" /proc/[0-9]*/environ | cut -d/ -f3)
  [ -z "$pids" ] && exit 0
  kill -$signal $pids 2>/dev/null
  sleep 0.5
  signal=KILL
done`;

/**
 * Starts the process that stops what Falcon's commands left running when Falcon itself could not (it
 * was killed with SIGKILL, or crashed). Linux only: it reads /proc. Falcon does not wait for it.
 */
export function startOrphanGuardian(instanceId: string): void {
  const guardian = spawn('/bin/sh', ['-c', SCRIPT, 'falcon-orphan-guardian', instanceId], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  guardian.on('error', () => undefined);
  guardian.unref();
  (guardian.stdin as Socket | null)?.unref();
}
