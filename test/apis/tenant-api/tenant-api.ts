import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { type SpecServer, closeServer, listenOnLoopback } from '../loopback-server.js';
import { routeRequests } from '../nonconforming-api/routes.js';
import { Sessions } from './sessions.js';
import { TENANT_LOGINS, type TenantData, createTenantData } from './tenant-data.js';
import { tenantRoutes } from './tenant-routes.js';

export const TENANT_API_SPEC_FILE = fileURLToPath(new URL('../../fixtures/specs/tenant-api.yaml', import.meta.url));

export interface TenantApi extends SpecServer {
  /** `NAME:PASSWORD` of alice (Acme) and bob (Globex). */
  logins: typeof TENANT_LOGINS;
  data: TenantData;
}

/**
 * A multi-tenant API with cookie sessions on loopback, the API of TENANT_API_SPEC_FILE. Its planted
 * bugs: a session cookie without HttpOnly or SameSite, another organisation's projects for its id in
 * the query, its invoices for its id in a header, its reports for its id in a search's body
 * (`POST /reports/search`) and its audit log, an administrative read, for its id in the query
 * (`GET /admin/audit?orgId=`), and password hashes one level down, in
 * `/orgs/{orgId}/members`. With `secure`, the conforming twin that fixes each (same spec); with `port`, at
 * an earlier start's address.
 */
export async function startTenantApi(options: { secure?: boolean; port?: number } = {}): Promise<TenantApi> {
  const data = createTenantData();
  const server = createServer(routeRequests(tenantRoutes({ secure: options.secure ?? false, data, sessions: new Sessions() })));
  const url = await listenOnLoopback(server, options.port);
  return { url, specFile: TENANT_API_SPEC_FILE, logins: TENANT_LOGINS, data, close: () => closeServer(server) };
}
