import { arrivalTimes } from './arrival-schedule.js';
import { type LoadClock, preciseClock } from './load-clock.js';
import type { LoadMetrics } from './load-metrics.js';
import type { RequestSender } from './load-sender.js';
import type { PerfScenario } from './perf-scenario.js';

/** A request that leaves more than this after it was due counts as late. */
export const LATE_AFTER_MS = 10;

/**
 * The open model: requests arrive on a schedule whatever the server does. When every connection is
 * busy, due requests wait in a queue; their latency still runs from when they were due (correcting
 * coordinated omission), and those sent late, or still waiting at the end, count as `late`.
 * Ends once the planned time is over and the last request sent is answered, or on `stop`.
 */
export function runOpenLoad(
  scenario: PerfScenario,
  sender: RequestSender,
  metrics: Pick<LoadMetrics, 'lateRequest'>,
  plannedMs: number,
  stop: AbortSignal,
  clock: LoadClock = preciseClock,
): Promise<void> {
  const schedule = arrivalTimes(scenario, plannedMs);
  const capacity = scenario.connections * scenario.pipelining;
  const queue: number[] = [];
  let next = schedule.next();
  let inFlight = 0;
  let over = false;
  let cancel: (() => void) | undefined;

  return new Promise((resolve) => {
    const settle = (): void => {
      if (stop.aborted || (over && inFlight === 0)) resolve();
    };
    const dispatch = (): void => {
      const now = clock.now();
      while (inFlight < capacity && queue.length > 0 && !stop.aborted) {
        const due = queue.shift()!;
        if (now - due > LATE_AFTER_MS) metrics.lateRequest();
        inFlight += 1;
        void sender.send(due).then(() => {
          inFlight -= 1;
          dispatch();
          settle();
        });
      }
    };
    const tick = (): void => {
      cancel = undefined;
      if (stop.aborted) return;
      const elapsed = sender.elapsedMs();
      for (; !next.done && next.value <= elapsed; next = schedule.next()) queue.push(sender.startedAt + next.value);
      dispatch();
      if (!next.done) cancel = clock.at(sender.startedAt + next.value, tick);
      else if (elapsed < plannedMs) cancel = clock.at(sender.startedAt + plannedMs, tick);
      else {
        over = true;
        for (const _ of queue.splice(0)) metrics.lateRequest();
        settle();
      }
    };
    stop.addEventListener(
      'abort',
      () => {
        cancel?.();
        resolve();
      },
      { once: true },
    );
    tick();
  });
}
