import { sendError, sendJson } from '../nonconforming-api/json-exchange.js';
import type { Route } from '../nonconforming-api/routes.js';
import { readJsonObject } from '../vulnerable-api/json-request.js';
import type { TenantContext } from './tenant-context.js';

/** Login sets the session cookie and answers who signed in and their organisation. */
export function authRoutes(ctx: TenantContext): Route[] {
  return [
    {
      method: 'POST',
      path: '/auth/login',
      async handle(req, res) {
        const body = await readJsonObject(req, res);
        if (!body) return;
        const user = ctx.data.users.find((candidate) => candidate.username === body.username && candidate.password === body.password);
        if (!user) return sendError(res, 401, 'wrong username or password');
        sendJson(res, 200, { username: user.username, orgId: user.orgId }, { 'set-cookie': ctx.sessions.open(user, ctx.secure) });
      },
    },
  ];
}
