import { isIP } from 'node:net';

export interface Cookie {
  name: string;
  value: string;
  /** Lower case, no leading dot. */
  domain: string;
  /** Without a Domain attribute a cookie goes back only to the host that set it. */
  hostOnly: boolean;
  path: string;
  secure: boolean;
  httpOnly: boolean;
  /** Epoch milliseconds; undefined for a session cookie. */
  expiresAt?: number;
}

/** Cookies of one session, kept and sent back as a browser would (RFC 6265 §5.3, §5.4). */
export class CookieJar {
  private cookies: Cookie[] = [];

  /** Keeps the cookies of Set-Cookie headers received from `url`; an expired one deletes its namesake. */
  store(setCookieHeaders: readonly string[], url: URL, now = Date.now()): void {
    for (const header of setCookieHeaders) {
      const cookie = parseSetCookie(header, url, now);
      if (!cookie) continue;
      this.cookies = this.cookies.filter((kept) => !(kept.name === cookie.name && kept.domain === cookie.domain && kept.path === cookie.path));
      if (cookie.expiresAt === undefined || cookie.expiresAt > now) this.cookies.push(cookie);
    }
  }

  /** The cookies to send to `url`, most specific path first. */
  matching(url: URL, now = Date.now()): Cookie[] {
    const host = url.hostname.toLowerCase();
    return this.live(now)
      .filter((cookie) => (cookie.hostOnly ? host === cookie.domain : domainMatches(host, cookie.domain)))
      .filter((cookie) => pathMatches(url.pathname || '/', cookie.path))
      .filter((cookie) => !cookie.secure || url.protocol === 'https:' || isLoopback(host))
      .sort((a, b) => b.path.length - a.path.length);
  }

  /** Every cookie not yet expired. */
  live(now = Date.now()): Cookie[] {
    return this.cookies.filter((cookie) => cookie.expiresAt === undefined || cookie.expiresAt > now);
  }
}

/** A Cookie header value: the jar's cookies for `url`, except those the caller's own header already names. */
export function cookieHeader(own: string | undefined, jar: readonly Cookie[]): string | undefined {
  const ownNames = new Set((own ?? '').split(';').map((pair) => pair.split('=')[0]?.trim()));
  const added = jar.filter((cookie) => !ownNames.has(cookie.name)).map((cookie) => `${cookie.name}=${cookie.value}`);
  const all = [...(own ? [own] : []), ...added];
  return all.length > 0 ? all.join('; ') : undefined;
}

function parseSetCookie(header: string, url: URL, now: number): Cookie | undefined {
  const [pair = '', ...attributes] = header.split(';');
  const equals = pair.indexOf('=');
  const name = pair.slice(0, Math.max(equals, 0)).trim();
  if (equals < 0 || !name) return undefined;
  const host = url.hostname.toLowerCase();
  const cookie: Cookie = { name, value: pair.slice(equals + 1).trim(), domain: host, hostOnly: true, path: defaultPath(url), secure: false, httpOnly: false };
  let maxAgeSeconds: number | undefined;
  for (const attribute of attributes) {
    const [key = '', ...rest] = attribute.split('=');
    const value = rest.join('=').trim();
    switch (key.trim().toLowerCase()) {
      case 'expires': {
        const time = Date.parse(value);
        if (!Number.isNaN(time)) cookie.expiresAt = time;
        break;
      }
      case 'max-age':
        if (/^-?\d+$/.test(value)) maxAgeSeconds = Number(value);
        break;
      case 'domain': {
        const domain = value.replace(/^\./, '').toLowerCase();
        if (!domain) break;
        // A server may not set cookies for a domain it is not part of.
        if (!domainMatches(host, domain)) return undefined;
        Object.assign(cookie, { domain, hostOnly: false });
        break;
      }
      case 'path':
        if (value.startsWith('/')) cookie.path = value;
        break;
      case 'secure':
        cookie.secure = true;
        break;
      case 'httponly':
        cookie.httpOnly = true;
        break;
    }
  }
  // Max-Age wins over Expires (RFC 6265 §5.3 step 3).
  if (maxAgeSeconds !== undefined) cookie.expiresAt = now + maxAgeSeconds * 1000;
  return cookie;
}

function domainMatches(host: string, domain: string): boolean {
  return host === domain || (host.endsWith(`.${domain}`) && isIP(host) === 0);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  return requestPath.startsWith(cookiePath) && (cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/');
}

/** The directory of the request path: `/api/users/7` → `/api/users` (RFC 6265 §5.1.4). */
function defaultPath(url: URL): string {
  const path = url.pathname;
  const lastSlash = path.lastIndexOf('/');
  return lastSlash <= 0 ? '/' : path.slice(0, lastSlash);
}

/** Browsers treat loopback as a secure context, so Secure cookies of a local dev server still work. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || host.startsWith('127.') || host === '[::1]';
}
