import { sendError, sendJson } from '../nonconforming-api/json-exchange.js';
import type { Route } from '../nonconforming-api/routes.js';
import type { TenantContext } from './tenant-context.js';

/** The vulnerable build trusts the organisation id it is given; the secure one answers 403 unless it is the caller's. */
export function mayReadOrg(ctx: TenantContext, callerOrg: string, asked: string): boolean {
  return !ctx.secure || callerOrg === asked;
}

/** A GET that answers what `answer` gives for the organisation `?orgId=` names, to a signed-in caller it may read it for. */
export function orgQueryRoute(ctx: TenantContext, path: string, answer: (orgId: string) => unknown): Route {
  return {
    method: 'GET',
    path,
    handle(req, res, _params, url) {
      const user = ctx.sessions.require(req, res);
      if (!user) return;
      const orgId = url.searchParams.get('orgId');
      if (!orgId) return sendError(res, 400, 'orgId is required');
      if (!mayReadOrg(ctx, user.orgId, orgId)) return sendError(res, 403, 'not your organisation');
      sendJson(res, 200, answer(orgId));
    },
  };
}
