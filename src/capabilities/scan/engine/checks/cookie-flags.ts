import type { FindingDraft } from '../scan-context.js';
import type { SecurityCheck } from '../security-check.js';
import { type SeenExchange, seenOperation } from '../seen-exchange.js';
import { severityRank, type Severity } from '../severity.js';
import { type SetCookie, setCookies, withCookieValuesMasked } from './cookie-flags/set-cookies.js';
import { readOwnView } from './support/users.js';
import { isAuthPath } from './support/operations.js';

/** A cookie named like a session or a credential. */
const SESSION_NAME = /sess|sid$|^sid|auth|token|jwt|login|remember|identity/i;

/**
 * API8: passive, the `Set-Cookie` of every answer the scan receives (the login's above all) is read.
 * A session cookie — named like one, the one a user logged in with, or any cookie a login sets —
 * without `HttpOnly` (scripts read it: medium), without `Secure` over HTTPS (it travels in clear:
 * medium) or without `SameSite` (sent with other sites' requests: low). One finding per operation and
 * cookie, the cookie's value masked. Its own run reads what no identity may read, where a session
 * may start.
 */
export const cookieFlagsCheck: SecurityCheck = {
  title: 'Session cookie without HttpOnly, Secure or SameSite',
  owasp: 'API8:2023',
  cwe: 'CWE-1004',
  proof: 'a response sets a session cookie without HttpOnly, without Secure over HTTPS, or without SameSite',
  remediation: 'Set session cookies with HttpOnly, Secure and SameSite=Lax (or Strict): `Set-Cookie: sid=…; HttpOnly; Secure; SameSite=Lax; Path=/`.',
  runOrder: 15,
  async run(ctx) {
    await readOwnView(ctx, undefined);
  },
  passive: cookieFindings,
};

function cookieFindings(seen: SeenExchange): FindingDraft[] {
  const operation = seenOperation(seen);
  const sessionNames = new Set(
    (seen.identity?.headers.cookie ?? '')
      .split(';')
      .map((pair) => pair.split('=')[0]!.trim())
      .filter(Boolean),
  );
  const login = isAuthPath(operation.path);
  return setCookies(seen.exchange.response).flatMap((cookie) => {
    if (!login && !sessionNames.has(cookie.name) && !SESSION_NAME.test(cookie.name)) return [];
    const missing = missingFlags(cookie, seen.https);
    if (missing.length === 0) return [];
    const severity = missing.map((flag) => flag.severity).sort((a, b) => severityRank(b) - severityRank(a))[0]!;
    return [
      {
        severity,
        operation,
        title: `sets the session cookie ${cookie.name} without ${missing.map((flag) => flag.name).join(', ')}: ${missing.map((flag) => flag.risk).join('; ')}`,
        exchange: { ...seen.exchange, response: withCookieValuesMasked(seen.exchange.response) },
        exposed: `cookie ${cookie.name}`,
      },
    ];
  });
}

interface MissingFlag {
  name: string;
  severity: Severity;
  risk: string;
}

function missingFlags({ attributes }: SetCookie, https: boolean): MissingFlag[] {
  const missing: MissingFlag[] = [];
  if (!attributes.has('httponly')) missing.push({ name: 'HttpOnly', severity: 'medium', risk: 'a script on the page can read it' });
  if (https && !attributes.has('secure')) missing.push({ name: 'Secure', severity: 'medium', risk: 'it is sent over plain http' });
  const sameSite = attributes.get('samesite')?.toLowerCase();
  if (sameSite === undefined) missing.push({ name: 'SameSite', severity: 'low', risk: "other sites' requests carry it" });
  else if (sameSite === 'none' && !attributes.has('secure'))
    missing.push({ name: 'Secure (SameSite=None needs it)', severity: 'low', risk: 'browsers refuse it or send it cross-site' });
  return missing;
}
