import { headerValue, type ScanExchange } from '../../scan-exchange.js';

/** Words of a lockout or throttling message. */
const LIMIT_MESSAGE = /locked|lockout|too many|rate.?limit|throttl|temporarily|try again later|blocked|suspended/i;
/** A failed login this much slower than the first one was slowed down on purpose. */
const SLOWDOWN_MS = 1000;

/**
 * How a failed login shows that failures are being limited — `answered 429`, `sent Retry-After`,
 * `said "locked"`, `slowed down` — or undefined. A message counts only when the first failure
 * did not already say it, a slowdown only against the first failure's time.
 */
export function loginLimitSign(exchange: ScanExchange, first: ScanExchange | undefined): string | undefined {
  const { response } = exchange;
  if (response.status === 429 || response.status === 423) return `answered ${response.status}`;
  if (headerValue(response, 'retry-after') !== undefined) return 'sent Retry-After';
  const message = LIMIT_MESSAGE.exec(response.body)?.[0];
  if (message && !(first && LIMIT_MESSAGE.test(first.response.body))) return `said "${message}"`;
  if (first && response.durationMs > first.response.durationMs + SLOWDOWN_MS) return 'slowed down';
  return undefined;
}
