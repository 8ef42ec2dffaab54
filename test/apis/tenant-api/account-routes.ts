import { sendJson } from '../nonconforming-api/json-exchange.js';
import type { Route } from '../nonconforming-api/routes.js';
import type { TenantContext } from './tenant-context.js';

/** The caller's own account and the organisations it belongs to. */
export function accountRoutes(ctx: TenantContext): Route[] {
  return [
    {
      method: 'GET',
      path: '/me',
      handle(req, res) {
        const user = ctx.sessions.require(req, res);
        if (user) sendJson(res, 200, { id: user.id, username: user.username, email: user.email, orgId: user.orgId });
      },
    },
    {
      method: 'GET',
      path: '/orgs',
      handle(req, res) {
        const user = ctx.sessions.require(req, res);
        if (user)
          sendJson(
            res,
            200,
            ctx.data.orgs.filter((org) => org.id === user.orgId),
          );
      },
    },
  ];
}
