import type { ServerClock } from '../../src/engines/api-server/server-clock.js';

/** A clock whose sleeps pass at once, moving its time on: waits and time-outs run in order, never in real time. */
export function virtualClock(): ServerClock & { time: number } {
  const clock = {
    time: 0,
    now: () => clock.time,
    async sleep(ms: number, signal?: AbortSignal) {
      signal?.throwIfAborted();
      clock.time += ms;
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
  return clock;
}
