import type { Identity } from './identity.js';
import type { ScanExchange, ScanRequest } from './scan-exchange.js';

/** One request of the scan and its answer, whichever check (or login) sent it: what passive rules read. */
export interface SeenExchange {
  /** As the check made it: `path` is the spec's template (`/orgs/{orgId}/members`), or the path probed. */
  request: ScanRequest;
  exchange: ScanExchange;
  /** Who it was sent as; none for a login or a probe without credentials. */
  identity: Identity | undefined;
  /** The target is served over HTTPS. */
  https: boolean;
  /** The rule of the check that sent it; undefined for the scan's own logins. */
  sentBy: string | undefined;
}

/** The operation a seen request concerns: its method and path template, without a query. */
export function seenOperation({ request }: SeenExchange): { method: string; path: string } {
  return { method: request.method.toUpperCase(), path: request.path.split('?')[0]! };
}
