import type { IncomingMessage, ServerResponse } from 'node:http';

/** The shop's web site, whose pages read the API. */
export const SHOP_SITE = 'shop.example';
/** The only origin the secure twin shares its responses with. */
export const TRUSTED_ORIGIN = `https://${SHOP_SITE}`;

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
};

/**
 * The headers every response gets. The vulnerable API sends Express's banner and none of the
 * security headers, and shares its answers, credentials allowed, with any Origin that ends with
 * SHOP_SITE (`https://evil-shop.example` included: a check by suffix without a dot before it);
 * the secure twin sends the security headers and allows only TRUSTED_ORIGIN.
 */
export function setResponseHeaders(req: IncomingMessage, res: ServerResponse, secure: boolean): void {
  const origin = req.headers.origin;
  if (secure) {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  } else {
    res.setHeader('x-powered-by', 'Express');
  }
  res.setHeader('vary', 'Origin');
  if (origin && (secure ? origin === TRUSTED_ORIGIN : origin.endsWith(SHOP_SITE))) allowOrigin(res, origin);
}

/**
 * A CORS preflight: the allowed methods and headers go only with an allowed origin (set above).
 * The vulnerable API's preflight handler allows any Origin, whatever its answers then allow.
 */
export function answerPreflight(req: IncomingMessage, res: ServerResponse, secure: boolean): void {
  req.resume();
  if (!secure && req.headers.origin) allowOrigin(res, req.headers.origin);
  if (res.hasHeader('access-control-allow-origin')) {
    res.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? 'authorization, content-type');
    res.setHeader('access-control-max-age', '600');
  }
  res.writeHead(204).end();
}

function allowOrigin(res: ServerResponse, origin: string): void {
  res.setHeader('access-control-allow-origin', origin);
  res.setHeader('access-control-allow-credentials', 'true');
}
