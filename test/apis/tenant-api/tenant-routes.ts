import type { Route } from '../nonconforming-api/routes.js';
import { accountRoutes } from './account-routes.js';
import { authRoutes } from './auth-routes.js';
import { orgRoutes } from './org-routes.js';
import { reportRoutes } from './report-routes.js';
import type { TenantContext } from './tenant-context.js';

/** Every route of the tenant API: a new module is one more line here. */
export function tenantRoutes(ctx: TenantContext): Route[] {
  return [...authRoutes(ctx), ...accountRoutes(ctx), ...orgRoutes(ctx), ...reportRoutes(ctx)];
}
