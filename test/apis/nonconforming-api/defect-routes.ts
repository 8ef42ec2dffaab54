import { sendError, sendJson } from './json-exchange.js';
import type { Route } from './routes.js';

/** How long getDailyReport takes to answer. */
export const SLOW_RESPONSE_MS = 1000;

/**
 * The max_response_time limit that catches getDailyReport and nothing else. The other answers
 * take a few ms, but a runner in a busy process measures more: up to 300 ms was seen for them on
 * a loaded CI machine while the runner compiled its schema validators.
 */
export const RESPONSE_TIME_LIMIT_MS = 500;

/** GETs without parameters, each breaking its spec in exactly one way (see PLANTED_DEFECTS). */
export function defectRoutes(): Route[] {
  return [
    // not_a_server_error: the 500 is documented, with its body, so no other check objects to it.
    { method: 'GET', path: '/stats', handle: (_req, res) => sendError(res, 500, 'the counter store is unavailable') },
    // status_code_conformance: only 200 is documented; the body is what a 200 would carry.
    { method: 'GET', path: '/announcements', handle: (_req, res) => sendJson(res, 202, [{ id: 1, text: 'Maintenance on Sunday' }]) },
    {
      method: 'GET',
      path: '/profile',
      // content_type_conformance: valid JSON for the schema, labelled as plain text.
      handle(_req, res) {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(JSON.stringify({ name: 'Ada Lovelace', email: 'ada@example.com' }));
      },
    },
    {
      method: 'GET',
      path: '/users',
      // response_schema_conformance: the first user's id is a string, the schema says integer.
      handle: (_req, res) =>
        sendJson(res, 200, [
          { id: 'u-1', name: 'Ada Lovelace', email: 'ada@example.com' },
          { id: 2, name: 'Grace Hopper', email: 'grace@example.com' },
        ]),
    },
    // response_headers_conformance: X-RateLimit-Remaining is documented as required and never sent.
    { method: 'GET', path: '/quota', handle: (_req, res) => sendJson(res, 200, { limit: 100 }) },
    {
      method: 'GET',
      path: '/reports/daily',
      // max_response_time: a correct answer, SLOW_RESPONSE_MS late.
      handle(_req, res) {
        const timer = setTimeout(() => sendJson(res, 200, { date: new Date().toISOString().slice(0, 10), orders: 7 }), SLOW_RESPONSE_MS);
        res.on('close', () => clearTimeout(timer));
      },
    },
  ];
}
