import type { CookieJar as ToughCookieJar } from 'tough-cookie';

/** A cookie as the jar keeps it, for showing. */
export interface KeptCookie {
  name: string;
  value: string;
  /** Lower case, no leading dot. */
  domain: string;
  /** Without a Domain attribute a cookie goes back only to the host that set it. */
  hostOnly: boolean;
  path: string;
  secure: boolean;
  httpOnly: boolean;
  /** `strict`, `lax` or `none`; undefined when the server gave none. */
  sameSite?: string;
  /** Undefined for a session cookie. */
  expires?: Date;
}

/** How the request relates to the site the chain started on, for SameSite (RFC 6265bis §5.2). */
export type SiteContext = 'strict' | 'lax' | 'none';

/**
 * The SameSite context of a request in a chain that began at `first`: the same site is `strict`;
 * a redirect to another site is a navigation, `lax` for GET and HEAD, else `none`.
 */
export async function siteContext(first: URL, url: URL, method: string): Promise<SiteContext> {
  if (first.hostname === url.hostname) return 'strict';
  const { getPublicSuffix } = await import('tough-cookie');
  const site = (host: string) => getPublicSuffix(host.replace(/^\[|\]$/g, ''), { allowSpecialUseDomain: true, ignoreError: true }) ?? host;
  if (site(first.hostname) === site(url.hostname)) return 'strict';
  return method === 'GET' || method === 'HEAD' ? 'lax' : 'none';
}

/**
 * The cookies of one session (or flow run), kept and sent back as a browser would, by tough-cookie:
 * RFC 6265bis domain and path matching, the public suffix list (`a.co.uk` cannot set
 * `Domain=co.uk`), SameSite, `__Host-`/`__Secure-` prefixes, expiry, and Secure cookies over https
 * or to loopback. The library loads on the first request, not with the session.
 */
export class CookieJar {
  private jar: Promise<ToughCookieJar> | undefined;

  /** Keeps the cookies of Set-Cookie headers received from `url`; one the rules refuse is dropped. */
  async store(setCookieHeaders: readonly string[], url: URL, context: SiteContext = 'strict'): Promise<void> {
    if (setCookieHeaders.length === 0) return;
    const [jar, { Cookie }] = await Promise.all([this.open(), import('tough-cookie')]);
    for (const header of setCookieHeaders) {
      const cookie = Cookie.parse(header);
      if (!cookie) continue;
      // Max-Age counts from when the cookie arrives (RFC 6265 §5.2.2), not from its last use.
      if (typeof cookie.maxAge === 'number') {
        cookie.expires = new Date(cookie.maxAge <= 0 ? 0 : Date.now() + cookie.maxAge * 1000);
        cookie.maxAge = null;
      }
      jar.setCookieSync(cookie, url, { ignoreError: true, sameSiteContext: context });
    }
  }

  /** The Cookie header for `url`: the jar's cookies after the caller's own header, which wins by name. */
  async header(url: URL, own: string | undefined, context: SiteContext = 'strict'): Promise<string | undefined> {
    const kept = this.jar === undefined ? [] : (await this.jar).getCookiesSync(url, { sameSiteContext: context, sort: true });
    const ownNames = new Set((own ?? '').split(';').map((pair) => pair.split('=')[0]?.trim()));
    const added = kept.filter((cookie) => !ownNames.has(cookie.key)).map((cookie) => cookie.cookieString());
    const all = [...(own ? [own] : []), ...added];
    return all.length > 0 ? all.join('; ') : undefined;
  }

  /** Every cookie kept and not expired, oldest first. */
  async cookies(): Promise<KeptCookie[]> {
    if (this.jar === undefined) return [];
    const all = await (await this.jar).store.getAllCookies();
    return all
      .filter((cookie) => cookie.TTL() > 0)
      .map((cookie) => ({
        name: cookie.key,
        value: cookie.value,
        domain: cookie.domain ?? '',
        hostOnly: cookie.hostOnly ?? true,
        path: cookie.path ?? '/',
        secure: cookie.secure,
        httpOnly: cookie.httpOnly,
        ...(cookie.sameSite !== undefined && cookie.sameSite !== 'unspecified' && { sameSite: cookie.sameSite }),
        ...(cookie.expires instanceof Date && { expires: cookie.expires }),
      }));
  }

  private open(): Promise<ToughCookieJar> {
    this.jar ??= import('tough-cookie').then(
      ({ CookieJar: Jar }) => new Jar(undefined, { rejectPublicSuffixes: true, allowSecureOnLocal: true, prefixSecurity: 'strict' }),
    );
    return this.jar;
  }
}
