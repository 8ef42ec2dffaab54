import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_RETRY_DELAY_MS, retryDelay, retryUntilSuccess } from '../../../src/engines/retry/retry-until-success.js';

const options = (overrides: Partial<Parameters<typeof retryUntilSuccess>[1]> = {}) => ({
  maxAttempts: 3,
  delayMs: 20,
  backoff: 'fixed' as const,
  signal: new AbortController().signal,
  ...overrides,
});

describe('retryUntilSuccess', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stops at the first success and records the waits between attempts', async () => {
    const waits: Array<[number, number]> = [];
    const report = await retryUntilSuccess(async (number) => ({ succeeded: number === 2, number }), options({ onWait: (next, ms) => waits.push([next, ms]) }));
    expect(report.succeeded).toBe(true);
    expect(report.attempts).toEqual([{ result: { succeeded: false, number: 1 }, waitMs: 20 }, { result: { succeeded: true, number: 2 } }]);
    expect(waits).toEqual([[2, 20]]);
  });

  it('gives up after maxAttempts without waiting after the last', async () => {
    const report = await retryUntilSuccess(async () => ({ succeeded: false }), options({ backoff: 'exponential' }));
    expect(report.succeeded).toBe(false);
    expect(report.attempts.map((attempt) => attempt.waitMs)).toEqual([20, 40, undefined]);
  });

  it('computes fixed and exponential delays, capped', () => {
    expect([1, 2, 3].map((n) => retryDelay(n, 500, 'fixed'))).toEqual([500, 500, 500]);
    expect([1, 2, 3].map((n) => retryDelay(n, 500, 'exponential'))).toEqual([500, 1000, 2000]);
    expect(retryDelay(9, 30_000, 'exponential')).toBe(MAX_RETRY_DELAY_MS);
  });

  it('stops waiting at once when cancelled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const controller = new AbortController();
    const attempts: number[] = [];
    const waits: number[] = [];
    const retrying = retryUntilSuccess(
      async (number) => {
        attempts.push(number);
        return { succeeded: number === 2 };
      },
      options({ delayMs: 10_000, signal: controller.signal, onWait: (_next, ms) => waits.push(ms) }),
    );
    const outcome = expect(retrying).rejects.toThrow(/abort/i);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(waits).toEqual([10_000]);
    controller.abort();
    await outcome;
    // The clock never reached the end of the wait: the abort ended it, and the attempt after it never ran.
    expect(attempts).toEqual([1]);
  });
});
