import type { IncomingMessage } from 'node:http';
import { sendJson } from '../nonconforming-api/json-exchange.js';
import type { Route } from '../nonconforming-api/routes.js';

/** More than this many requests from one client to one operation within a second get 429. */
export const REQUESTS_PER_SECOND = 25;
const WINDOW_MS = 1000;

/**
 * A sliding one-second window per client and operation, on the clock a scan paces its requests by
 * (performance.now(), which a test's skipping clock moves on for both).
 */
export class RateLimiter {
  private readonly recent = new Map<string, number[]>();

  /** Counts the request; false when it is one too many. */
  allow(key: string): boolean {
    const now = performance.now();
    const times = (this.recent.get(key) ?? []).filter((time) => now - time < WINDOW_MS);
    times.push(now);
    this.recent.set(key, times);
    return times.length <= REQUESTS_PER_SECOND;
  }
}

/** The route behind the limiter: past the limit it answers 429 with Retry-After. */
export function rateLimited(route: Route, limiter: RateLimiter): Route {
  return {
    ...route,
    handle(req, res, params, url) {
      if (limiter.allow(`${clientOf(req)} ${route.method} ${route.path}`)) return route.handle(req, res, params, url);
      req.resume();
      sendJson(res, 429, { error: 'too many requests' }, { 'retry-after': '1' });
    },
  };
}

function clientOf(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}
