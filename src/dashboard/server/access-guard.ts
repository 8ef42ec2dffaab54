import { randomBytes, timingSafeEqual } from 'node:crypto';

/** What the guard needs of a request. */
export interface GuardedRequest {
  method: string;
  /** The request target as sent: `/sessions?token=…`. */
  url: string;
  host: string | undefined;
  cookie: string | undefined;
}

export interface DashboardAccess {
  token: string;
  port: number;
}

export type AccessDecision =
  | { kind: 'allow' }
  /** The token came in the URL: keep it as a cookie and show the same page without it. */
  | { kind: 'redirect'; location: string; setCookie: string }
  | { kind: 'refuse'; status: 401 | 403 | 405; reason: string };

/** 32 random bytes as URL-safe text: what the printed URL carries and the cookie keeps. */
export function newDashboardToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Cookies are shared by every port of a host, so the name carries the port: two dashboards on
 * 127.0.0.1 keep their own.
 */
export function cookieName(port: number): string {
  return `falcon_ui_${port}`;
}

/**
 * Who may see the dashboard: only requests addressed to it by its loopback name (a page on another
 * site that rebinds its DNS name to 127.0.0.1 sends its own name as Host and is refused), that read
 * (GET, HEAD), and that carry the token, in the URL once, then in an HttpOnly, SameSite=Strict cookie.
 */
export function guardRequest(request: GuardedRequest, access: DashboardAccess): AccessDecision {
  const hosts = [`127.0.0.1:${access.port}`, `localhost:${access.port}`];
  if (!request.host || !hosts.includes(request.host.toLowerCase())) {
    return { kind: 'refuse', status: 403, reason: `this dashboard answers only at ${hosts.map((host) => `http://${host}`).join(' or ')}` };
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return { kind: 'refuse', status: 405, reason: 'the dashboard only shows: it takes GET and HEAD' };
  const url = new URL(request.url, `http://${hosts[0]}`);
  const given = url.searchParams.get('token');
  if (given !== null && sameToken(given, access.token)) {
    url.searchParams.delete('token');
    return {
      kind: 'redirect',
      // One leading slash: `//host` (the path of `/.//host`) would send the browser to another site.
      location: `/${url.pathname.replace(/^\/+/, '')}${url.search}`,
      setCookie: `${cookieName(access.port)}=${access.token}; HttpOnly; SameSite=Strict; Path=/`,
    };
  }
  const kept = cookieValue(request.cookie, cookieName(access.port));
  if (kept !== undefined && sameToken(kept, access.token)) return { kind: 'allow' };
  return { kind: 'refuse', status: 401, reason: 'open the address with its token, as Falcon printed it in the terminal' };
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/** Compared in constant time, so that the time of a refusal tells nothing of the token. */
function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
