import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendError, sendJson } from '../nonconforming-api/json-exchange.js';
import type { Route } from '../nonconforming-api/routes.js';

/** The credentials the API takes: `-H "Authorization: Bearer …"` and `-H "X-API-Key: …"` in the tests. */
export const PEER_TOKEN = 'peer-token-1';
export const PEER_API_KEY = 'peer-key-1';

type Guard = (req: IncomingMessage) => boolean;

const bearer: Guard = (req) => req.headers.authorization === `Bearer ${PEER_TOKEN}`;
const apiKey: Guard = (req) => req.headers['x-api-key'] === PEER_API_KEY;

/**
 * Four secured GETs: getVault (bearer) and getArchive (API key) enforce their credentials; the
 * planted defects getDiary (enforces nothing) and getJournal (takes any bearer token).
 */
export function authRoutes(): Route[] {
  const guarded = (path: string, guard: Guard): Route => ({
    method: 'GET',
    path,
    handle(req: IncomingMessage, res: ServerResponse) {
      if (!guard(req)) return sendError(res, 401, 'missing or invalid credentials');
      sendJson(res, 200, { secret: `the ${path.slice(1)} secret` });
    },
  });
  return [
    guarded('/vault', bearer),
    guarded('/archive', apiKey),
    // ignored_auth, without credentials.
    guarded('/diary', () => true),
    // ignored_auth, with an invalid credential: any Bearer goes.
    guarded('/journal', (req) => /^Bearer \S+$/.test(req.headers.authorization ?? '')),
  ];
}
