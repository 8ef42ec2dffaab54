import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { type SpecServer, closeServer, listenOnLoopback } from '../loopback-server.js';
import { sendError } from '../nonconforming-api/json-exchange.js';
import { routeRequests } from '../nonconforming-api/routes.js';
import { issueToken } from './issue-token.js';
import { RateLimiter, rateLimited } from './rate-limit.js';
import { answerPreflight, setResponseHeaders } from './response-headers.js';
import { accountRoutes } from './routes/account-routes.js';
import { addressRoutes } from './routes/address-routes.js';
import { adminRoutes } from './routes/admin-routes.js';
import { authRoutes } from './routes/auth-routes.js';
import { brandRoutes } from './routes/brand-routes.js';
import { catalogRoutes } from './routes/catalog-routes.js';
import { dealRoutes } from './routes/deal-routes.js';
import { eventRoutes } from './routes/event-routes.js';
import { fileRoutes } from './routes/file-routes.js';
import { integrationRoutes } from './routes/integration-routes.js';
import { memberRoutes } from './routes/member-routes.js';
import { orderRoutes } from './routes/order-routes.js';
import { reviewRoutes } from './routes/review-routes.js';
import { storeRoutes } from './routes/store-routes.js';
import { toolRoutes } from './routes/tool-routes.js';
import { undocumentedRoutes } from './routes/undocumented-routes.js';
import type { ShopContext } from './shop-context.js';
import { createShopData } from './shop-data.js';
import { SHOP_LOGINS } from './shop-users.js';
import { sleepFor } from './sleep-for.js';
import { fetchUrl } from './url-fetch.js';
import { echoTrace } from './trace-echo.js';

export const VULNERABLE_API_SPEC_FILE = fileURLToPath(new URL('../../fixtures/specs/vulnerable-api.yaml', import.meta.url));

/** What the vulnerable API signs its tokens with: the first word of every JWT cracking list. */
export const WEAK_JWT_SECRET = 'secret';

/** Where the current version of the API is mounted; the login and the undocumented paths are outside it. */
export const API_PREFIX = '/api/v2';

/** The operations the vulnerable API left out of its rate limiter; the secure twin limits every one. */
const UNLIMITED = new Set(['POST /auth/login', `GET ${API_PREFIX}/categories`]);

export type ShopUserName = keyof typeof SHOP_LOGINS;

export interface VulnerableApi extends SpecServer {
  /** The logins of alice and bob (customers) and admin. */
  users: typeof SHOP_LOGINS;
  /** `GET /orders/1 200`: every request answered, in order. */
  log: string[];
  /** A token as the API signs them, valid for `lifetimeSeconds` from now (negative: already expired). */
  issueToken(user: ShopUserName, lifetimeSeconds: number): string;
  /** Resolves once every request the API made of a URL it was given (SSRF's) has ended. */
  fetchesEnded(): Promise<void>;
}

export interface VulnerableApiOptions {
  secure?: boolean;
  /** How its injected sleeps wait: really, unless a test's clock says otherwise. */
  sleep?: ShopContext['sleep'];
  /**
   * Each request takes this long on `sleep`'s clock before it is answered: a scan paced at this
   * interval never waits for its next slot, and the rate limiter sees the pace it would.
   */
  answerMs?: number;
  /** Where to listen: default any free port; an earlier start's, for a fresh server at the address a report printed. */
  port?: number;
}

function decodablePath(target: string | undefined): boolean {
  try {
    decodeURIComponent(new URL(target ?? '/', 'http://localhost').pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * Corner Shop, the API of VULNERABLE_API_SPEC_FILE, on loopback: the target of `falcon scan`,
 * with the bugs manifest.ts lists planted beside controls that are protected correctly. With
 * `secure`, its conforming twin: the same routes and data with every bug fixed. Each start has
 * its own data (see shop-data.ts for who owns what). Its injected sleeps really wait, unless `sleep`
 * (a test's clock) says otherwise.
 */
export async function startVulnerableApi(options: VulnerableApiOptions = {}): Promise<VulnerableApi> {
  const secure = options.secure ?? false;
  const fetching = new Set<Promise<unknown>>();
  const ctx: ShopContext = {
    secure,
    data: createShopData(),
    tokenSecret: secure ? randomBytes(32) : WEAK_JWT_SECRET,
    sleep: options.sleep ?? sleepFor,
    fetch(url) {
      const fetched = fetchUrl(url);
      fetching.add(fetched);
      void fetched.finally(() => fetching.delete(fetched));
      return fetched;
    },
  };
  const limiter = new RateLimiter();
  const versioned = [
    ...catalogRoutes(ctx),
    ...brandRoutes(ctx),
    ...dealRoutes(ctx),
    ...eventRoutes(ctx),
    ...reviewRoutes(ctx),
    ...storeRoutes(ctx),
    ...accountRoutes(ctx),
    ...memberRoutes(ctx),
    ...orderRoutes(ctx),
    ...addressRoutes(ctx),
    ...integrationRoutes(ctx),
    ...toolRoutes(ctx),
    ...fileRoutes(ctx),
    ...adminRoutes(ctx),
  ].map((route) => ({ ...route, path: `${API_PREFIX}${route.path}` }));
  const routes = [...authRoutes(ctx), ...versioned, ...undocumentedRoutes(ctx)].map((route) =>
    !secure && UNLIMITED.has(`${route.method} ${route.path}`) ? route : rateLimited(route, limiter),
  );
  const handle = routeRequests(routes);
  const log: string[] = [];
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    res.on('finish', () => log.push(`${req.method} ${req.url} ${res.statusCode}`));
    setResponseHeaders(req, res, secure);
    if (req.method === 'TRACE' && !secure) return echoTrace(req, res);
    if (req.method === 'OPTIONS') return answerPreflight(req, res, secure);
    // routeRequests would answer a malformed %-escape in a path parameter with the URIError's own text.
    if (decodablePath(req.url)) return handle(req, res);
    req.resume();
    sendError(res, 400, 'malformed request target');
  };
  const { answerMs } = options;
  const server = createServer((req, res) => (answerMs ? void ctx.sleep(answerMs / 1000).then(() => answer(req, res)) : answer(req, res)));
  const url = await listenOnLoopback(server, options.port);
  return {
    url,
    specFile: VULNERABLE_API_SPEC_FILE,
    users: SHOP_LOGINS,
    log,
    issueToken: (user, lifetimeSeconds) =>
      issueToken(
        ctx.data.users.find((candidate) => candidate.username === user)!,
        ctx.tokenSecret,
        lifetimeSeconds,
      ),
    fetchesEnded: async () => {
      await Promise.all(fetching);
    },
    close: () => closeServer(server),
  };
}
