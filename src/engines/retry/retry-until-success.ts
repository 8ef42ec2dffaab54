import { delay } from '../../delay.js';

export type Backoff = 'fixed' | 'exponential';

export interface AttemptResult {
  succeeded: boolean;
}

export interface RetryOptions {
  maxAttempts: number;
  /** Wait before the second attempt; with exponential backoff it doubles for each further one. */
  delayMs: number;
  backoff: Backoff;
  signal: AbortSignal;
  /** Told before each wait, so that a long retry shows it is alive. */
  onWait?(nextAttempt: number, delayMs: number): void;
}

export interface RetryReport<Result extends AttemptResult> {
  /** Each attempt's result with the wait that followed it (none after the last). */
  attempts: Array<{ result: Result; waitMs?: number }>;
  succeeded: boolean;
  durationMs: number;
}

/** No single wait is longer, whatever the backoff: a retry should not sleep through the session. */
export const MAX_RETRY_DELAY_MS = 60_000;

/** The wait after attempt `attempt` (1-based). */
export function retryDelay(attempt: number, delayMs: number, backoff: Backoff): number {
  const delay = backoff === 'exponential' ? delayMs * 2 ** (attempt - 1) : delayMs;
  return Math.min(delay, MAX_RETRY_DELAY_MS);
}

/**
 * Runs `attempt` until one succeeds or `maxAttempts` have run, waiting between them.
 * `attempt` reports failures as results; what it throws (cancellation) ends the retry at once.
 */
export async function retryUntilSuccess<Result extends AttemptResult>(
  attempt: (number: number) => Promise<Result>,
  options: RetryOptions,
): Promise<RetryReport<Result>> {
  const started = performance.now();
  const attempts: RetryReport<Result>['attempts'] = [];
  for (let number = 1; number <= options.maxAttempts; number += 1) {
    options.signal.throwIfAborted();
    const result = await attempt(number);
    if (result.succeeded || number === options.maxAttempts) {
      attempts.push({ result });
      return { attempts, succeeded: result.succeeded, durationMs: Math.round(performance.now() - started) };
    }
    const waitMs = retryDelay(number, options.delayMs, options.backoff);
    attempts.push({ result, waitMs });
    options.onWait?.(number + 1, waitMs);
    await delay(waitMs, options.signal);
  }
  throw new Error('maxAttempts must be at least 1');
}
