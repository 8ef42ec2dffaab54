import type { ProcessEntry } from '../exec/process-table.js';
import { POLL_MS, type Probe, type Readiness, answersReady, isReadyLine } from './readiness.js';
import type { ServerClock } from './server-clock.js';
import type { ServerLog } from './server-log.js';

export type ReloadOutcome = 'reloaded' | 'timeout' | 'exited' | 'cancelled';

export interface WatchForReloadInput {
  readiness: Readiness;
  log: ServerLog;
  /** The log's mark as the change is about to be written: later lines count. */
  since: number;
  /** The server's processes as the change is about to be written (none known: an outside server, or not Linux). */
  processes: readonly ProcessEntry[];
  /** Whether any of them has ended since. */
  anyEnded(processes: readonly ProcessEntry[]): boolean;
  /** Settles when the server's process has ended. */
  exited: Promise<unknown>;
  timeoutMs: number;
  clock: ServerClock;
  probe: Probe;
}

export interface ReloadWatch {
  readonly outcome: Promise<ReloadOutcome>;
  cancel(): void;
}

/**
 * Started just before a change is written: watches a server that reloads by itself until it shows it
 * did — one of its processes restarted and it is ready again, its ready check failed and then
 * passed, or it printed its ready line again — or the time is up.
 */
export function watchForReload(input: WatchForReloadInput): ReloadWatch {
  const { readiness, log, clock, since } = input;
  const controller = new AbortController();
  const outcome = (async (): Promise<ReloadOutcome> => {
    let exited = false;
    void input.exited.then(() => (exited = true));
    let restarted = false;
    let wentDown = false;
    const deadline = clock.now() + input.timeoutMs;
    for (;;) {
      if (controller.signal.aborted) return 'cancelled';
      if (exited) return 'exited';
      restarted ||= input.processes.length > 0 && input.anyEnded(input.processes);
      if (readiness.log && log.since(since).some((line) => !line.falcon && isReadyLine(readiness, line.text))) return 'reloaded';
      if (readiness.url) {
        const ready = await answersReady(readiness, input.probe, controller.signal).catch(() => false);
        if (!ready) wentDown = true;
        else if (restarted || wentDown) return 'reloaded';
      }
      if (clock.now() >= deadline) return 'timeout';
      await clock.sleep(POLL_MS, controller.signal).catch(() => undefined);
    }
  })();
  return { outcome, cancel: () => controller.abort() };
}
