/**
 * When the open model's requests are due and how it waits for them. The run uses `preciseClock`; a
 * test passes a clock on its fake timers to check the schedule without a wall clock.
 */
export interface LoadClock {
  /** Milliseconds, as performance.now(). */
  now(): number;
  /** Calls `then` once `now()` has reached `time`, never synchronously; returns what cancels it. */
  at(time: number, then: () => void): () => void;
}

/** Sleep with a timer until this close to the time, then yield to I/O until it comes. */
const TIMER_SLACK_MS = 1;

/** performance.now(), and waits as close to the millisecond as Node's timers allow. */
export const preciseClock: LoadClock = {
  now: () => performance.now(),
  at(time, then) {
    let timer: NodeJS.Timeout | undefined;
    let immediate: NodeJS.Immediate | undefined;
    const check = (): void => {
      const wait = time - performance.now();
      if (wait > TIMER_SLACK_MS) timer = setTimeout(check, wait - TIMER_SLACK_MS);
      else if (wait > 0) immediate = setImmediate(check);
      else then();
    };
    immediate = setImmediate(check);
    return () => {
      clearTimeout(timer);
      clearImmediate(immediate);
    };
  },
};
