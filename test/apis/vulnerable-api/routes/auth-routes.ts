import { sendError, sendJson } from '../../nonconforming-api/json-exchange.js';
import type { Route } from '../../nonconforming-api/routes.js';
import { issueToken } from '../issue-token.js';
import { readJsonObject } from '../json-request.js';
import { LoginLockout } from '../login-lockout.js';
import { matchesQuery } from '../mongo-query.js';
import type { ShopContext } from '../shop-context.js';

/**
 * POST /auth/login. The vulnerable one runs `users.findOne({username, password})` with the values
 * as they came (an operator object matches any password) and never slows a guesser down; the
 * secure one takes strings only and locks an account after five failures.
 */
export function authRoutes(ctx: ShopContext): Route[] {
  const lockout = new LoginLockout();
  return [
    {
      method: 'POST',
      path: '/auth/login',
      async handle(req, res) {
        const body = await readJsonObject(req, res);
        if (!body) return;
        const { username, password } = body;
        if (!ctx.secure) {
          if (username == null || password == null) return sendError(res, 400, 'username and password are required');
          const user = ctx.data.users.find((candidate) => matchesQuery({ username: candidate.username, password: candidate.password }, { username, password }));
          if (!user) return sendError(res, 401, 'wrong username or password');
          return sendJson(res, 200, { token: issueToken(user, ctx.tokenSecret) });
        }
        if (typeof username !== 'string' || typeof password !== 'string' || !username || !password)
          return sendError(res, 400, 'username and password must be strings');
        const wait = lockout.retryAfter(username);
        if (wait > 0) return sendJson(res, 429, { error: 'too many failed logins; try again later' }, { 'retry-after': String(wait) });
        const user = ctx.data.users.find((candidate) => candidate.username === username && candidate.password === password);
        if (!user) {
          lockout.recordFailure(username);
          return sendError(res, 401, 'wrong username or password');
        }
        lockout.recordSuccess(username);
        sendJson(res, 200, { token: issueToken(user, ctx.tokenSecret) });
      },
    },
  ];
}
