import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

/**
 * `performance.now()` as it runs, plus the time a test's API spent "asleep": instead of keeping a
 * request waiting N seconds (the sleep an injected payload runs, a slow answer), the API moves this
 * clock N seconds on and answers at once. Whoever times the answer with `performance.now()` — the
 * scanner, an exploit — sees it N seconds late; the test waits none of it. Real time still counts,
 * so a busy machine only adds to every figure, as it would to a real sleep. Sleeps of requests in
 * flight together add up rather than overlap: an answer is never seen sooner than its own sleep.
 */
export class SkippingClock {
  private skippedMs = 0;
  private spy: MockInstance<() => number> | undefined;

  /** From now on `performance.now()` is this clock. */
  install(): void {
    const realNow = performance.now.bind(performance);
    this.skippedMs = 0;
    this.spy = vi.spyOn(performance, 'now').mockImplementation(() => realNow() + this.skippedMs);
  }

  restore(): void {
    this.spy?.mockRestore();
    this.spy = undefined;
  }

  /** A test API's sleep: the clock moves `ms` on; resolves on the next turn of the event loop. */
  async sleep(ms: number): Promise<void> {
    if (!this.spy) throw new Error('the skipping clock is not installed');
    this.skippedMs += ms;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A SkippingClock installed for each test of the file calling it. */
export function useSkippingClock(): SkippingClock {
  const clock = new SkippingClock();
  beforeEach(() => clock.install());
  afterEach(() => clock.restore());
  return clock;
}
