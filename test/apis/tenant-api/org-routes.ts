import { sendError, sendJson } from '../nonconforming-api/json-exchange.js';
import type { Route } from '../nonconforming-api/routes.js';
import { mayReadOrg, orgQueryRoute } from './org-query-route.js';
import type { TenantContext } from './tenant-context.js';

/**
 * What an organisation holds, chosen by its id: in the path (members), in the query (projects) or in
 * the `X-Org-Id` header (invoices). Members are checked in both builds; the vulnerable one lists
 * their password hashes, and serves any organisation's projects and invoices to whoever asks.
 */
export function orgRoutes(ctx: TenantContext): Route[] {
  const { data } = ctx;
  return [
    {
      method: 'GET',
      path: '/orgs/{orgId}/members',
      handle(req, res, params) {
        const user = ctx.sessions.require(req, res);
        if (!user) return;
        if (user.orgId !== params.orgId) return sendError(res, 403, 'not a member of this organisation');
        const members = data.users.filter((member) => member.orgId === params.orgId);
        sendJson(
          res,
          200,
          members.map(({ id, username, email, passwordHash }) => ({ id, username, email, ...(!ctx.secure && { passwordHash }) })),
        );
      },
    },
    orgQueryRoute(ctx, '/projects', (orgId) => ({ items: data.projects.filter((project) => project.orgId === orgId) })),
    {
      method: 'GET',
      path: '/invoices',
      handle(req, res) {
        const user = ctx.sessions.require(req, res);
        if (!user) return;
        const orgId = req.headers['x-org-id'];
        if (typeof orgId !== 'string' || orgId === '') return sendError(res, 400, 'X-Org-Id is required');
        if (!mayReadOrg(ctx, user.orgId, orgId)) return sendError(res, 403, 'not your organisation');
        sendJson(
          res,
          200,
          data.invoices.filter((invoice) => invoice.orgId === orgId),
        );
      },
    },
  ];
}
