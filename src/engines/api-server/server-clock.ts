import { setTimeout as delay } from 'node:timers/promises';

/** Time as the server manager sees it: real in Falcon, a hand-turned one in unit tests. */
export interface ServerClock {
  now(): number;
  /** Rejects with the signal's reason when it aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const REAL_CLOCK: ServerClock = {
  now: () => Date.now(),
  sleep: async (ms, signal) => {
    await delay(ms, undefined, signal ? { signal } : undefined);
  },
};
