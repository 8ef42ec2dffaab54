import { sendError, sendJson } from '../nonconforming-api/json-exchange.js';
import type { Route } from '../nonconforming-api/routes.js';
import { readJsonObject } from '../vulnerable-api/json-request.js';
import { mayReadOrg, orgQueryRoute } from './org-query-route.js';
import type { TenantContext } from './tenant-context.js';

/**
 * An organisation's reports, searched by a POST whose body names the organisation (`{"orgId": …,
 * "query": …}`), and its audit log, an administrative read each member may make for their own
 * organisation (`GET /admin/audit?orgId=`). The vulnerable build answers for whichever organisation is
 * named; the secure one answers 403 unless it is the caller's.
 */
export function reportRoutes(ctx: TenantContext): Route[] {
  const { data } = ctx;
  return [
    {
      method: 'POST',
      path: '/reports/search',
      async handle(req, res) {
        const user = ctx.sessions.require(req, res);
        if (!user) {
          req.resume();
          return;
        }
        const body = await readJsonObject(req, res);
        if (!body) return;
        const { orgId, query = '' } = body;
        if (typeof orgId !== 'string' || orgId === '') return sendError(res, 400, 'orgId is required');
        if (typeof query !== 'string') return sendError(res, 400, 'query must be a string');
        if (!mayReadOrg(ctx, user.orgId, orgId)) return sendError(res, 403, 'not your organisation');
        const words = query.toLowerCase();
        sendJson(res, 200, { items: data.reports.filter((report) => report.orgId === orgId && report.title.toLowerCase().includes(words)) });
      },
    },
    orgQueryRoute(ctx, '/admin/audit', (orgId) => data.audit.filter((entry) => entry.orgId === orgId)),
  ];
}
