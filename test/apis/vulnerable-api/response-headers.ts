import type { IncomingMessage, ServerResponse } from 'node:http';

/** The only origin the secure twin shares its responses with. */
export const TRUSTED_ORIGIN = 'https://shop.example';

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
};

/**
 * The headers every response gets. The vulnerable API sends Express's banner and none of the
 * security headers, and reflects any Origin with credentials allowed; the secure twin sends the
 * security headers and allows only TRUSTED_ORIGIN.
 */
export function setResponseHeaders(req: IncomingMessage, res: ServerResponse, secure: boolean): void {
  const origin = req.headers.origin;
  if (secure) {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  } else {
    res.setHeader('x-powered-by', 'Express');
  }
  res.setHeader('vary', 'Origin');
  if (origin && (!secure || origin === TRUSTED_ORIGIN)) {
    res.setHeader('access-control-allow-origin', origin);
    res.setHeader('access-control-allow-credentials', 'true');
  }
}

/** A CORS preflight: the allowed methods and headers go only with an allowed origin (set above). */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  if (res.hasHeader('access-control-allow-origin')) {
    res.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? 'authorization, content-type');
    res.setHeader('access-control-max-age', '600');
  }
  res.writeHead(204).end();
}
