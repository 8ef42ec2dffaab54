import type { RuleName } from '../../../src/capabilities/scan/engine/checks/all-checks.js';

/**
 * One bug of the vulnerable API (test/apis/vulnerable-api/), or one control: an operation that
 * looks like a planted bug's but is protected correctly, which a scan must not report.
 *
 * `method` and `path` are what a finding names: the spec's method and path template
 * (`/api/v2/orders/{orderId}`). A path the spec does not have (undocumented endpoints) is the path probed.
 * Two wildcards, in the manifest only:
 * - `*` as the method or the path matches any. API-wide bugs (cors, security_headers, trace,
 *   jwt_weak_secret) are planted as `{method: '*', path: '*'}` (trace: `TRACE *`): a scan may name
 *   one with path `*` or on the operation it proved it on; every report of it counts as that bug.
 * - a path ending in `/*` matches that path and everything under it (`/api/v1/*`: the whole old
 *   version is still served, `/api/v1` itself included).
 * A rule planted twice on the same operations (cors: any origin in preflights, origins derived from
 * the allowed one in answers) tells its bugs apart by the finding's title: `titled`.
 */
export interface ManifestEntry {
  rule: RuleName;
  method: string;
  path: string;
  /** Only a finding whose title this matches names the bug. */
  titled?: RegExp;
  /** What is wrong (or right, for a control) and how a request shows it. */
  note: string;
}

/** Alice (user 1) owns order 1 (A-1001) and address 1; Bob (user 2) owns order 2 (A-1002) and address 2. */
export const PLANTED: ManifestEntry[] = [
  {
    rule: 'bola',
    method: 'GET',
    path: '/api/v2/orders/{orderId}',
    note: "No owner check: Bob's token reads Alice's order 1 (ids from her GET /api/v2/orders or POST /api/v2/orders).",
  },
  {
    rule: 'bola',
    method: 'PUT',
    path: '/api/v2/addresses/{addressId}',
    note: "No owner check: Bob's token replaces Alice's address 1 and gets it back (userId 1). Changes another user's data: a scan needs allow_destructive.",
  },
  {
    rule: 'broken_auth',
    method: 'GET',
    path: '/api/v2/coupons',
    note: 'Documented as bearerAuth, answers 200 with no token at all (so an alg none token proves nothing here: not jwt_none).',
  },
  {
    rule: 'broken_auth',
    method: 'GET',
    path: '/api/v2/notifications',
    note: 'Takes any bearer value (`Bearer falcon-invalid`), alg none ones too (not jwt_none); 401 only with no Authorization header.',
  },
  {
    rule: 'broken_auth',
    method: 'GET',
    path: '/api/v2/messages',
    note: "Checks the signature, never `exp`: an expired token answers 200. Forging one needs the key: jwt_weak_secret's `secret`.",
  },
  {
    rule: 'jwt_none',
    method: 'GET',
    path: '/api/v2/wishlist',
    note: "Trusts the token's alg: Alice's claims with alg none and no signature get her wishlist.",
  },
  { rule: 'jwt_none', method: 'GET', path: '/api/v2/loyalty', note: "Trusts the token's alg: Alice's claims with alg none and no signature get her points." },
  {
    rule: 'jwt_weak_secret',
    method: '*',
    path: '*',
    note: 'Every token is HS256 signed with `secret`; a token signed with it is accepted everywhere (the role claim too).',
  },
  {
    rule: 'login_rate_limit',
    method: 'POST',
    path: '/auth/login',
    note: 'No lockout, 429 or slowdown: 20 wrong passwords for alice get 401s, then her password still logs in.',
  },
  { rule: 'sensitive_data', method: 'GET', path: '/api/v2/me', note: 'Sends the stored record: passwordHash (bcrypt, `$2b$10$…`).' },
  { rule: 'sensitive_data', method: 'GET', path: '/api/v2/products/{productId}', note: 'Sends the stored product: supplier.apiKey (`sk_live_…`), to anyone.' },
  {
    rule: 'mass_assignment',
    method: 'PATCH',
    path: '/api/v2/me',
    note: 'Writes every property sent (but id and username): role "admin", isAdmin true come back in GET /api/v2/me. The role reaches tokens at the next login.',
  },
  {
    rule: 'mass_assignment',
    method: 'POST',
    path: '/api/v2/orders',
    note: 'Spreads the body over the new order: price 0.01 (or status, userId …) comes back in GET /api/v2/orders/{orderId}.',
  },
  {
    rule: 'resource_limits',
    method: 'GET',
    path: '/api/v2/products',
    note: 'Honours any limit: limit=1000 returns all 250 products (default 20, spec maximum 100).',
  },
  {
    rule: 'resource_limits',
    method: 'POST',
    path: '/api/v2/reviews',
    note: 'No body size limit (reads up to 50 MB): a 2 MB review answers 201. Elsewhere bodies over 100 kB get 413.',
  },
  {
    rule: 'resource_limits',
    method: 'GET',
    path: '/api/v2/categories',
    note: 'Left out of the rate limiter: a burst of 50 gets no 429. Elsewhere more than 25 requests a second to one operation get 429.',
  },
  {
    rule: 'resource_limits',
    method: 'GET',
    path: '/api/v2/events',
    note: 'Returns as many events as per_page asks (3000 exist; default and example 10). The example filter type=recall leaves 3: only a probe without it shows.',
  },
  { rule: 'bfla', method: 'GET', path: '/api/v2/admin/users', note: "Checks only that the caller is signed in: Alice's token lists every user." },
  { rule: 'bfla', method: 'GET', path: '/api/v2/reports/sales', note: "Tagged admin (not under /api/v2/admin/): Alice's token gets the sales report." },
  { rule: 'ssrf', method: 'POST', path: '/api/v2/webhooks', note: 'GETs `url` at registration to verify it, wherever it points (loopback included).' },
  { rule: 'ssrf', method: 'PUT', path: '/api/v2/me/avatar', note: 'Downloads `imageUrl`, wherever it points.' },
  { rule: 'ssrf', method: 'GET', path: '/api/v2/link-preview', note: 'Fetches the `url` query parameter and answers its status and title.' },
  {
    rule: 'cors',
    method: '*',
    path: '*',
    titled: /echoes Origin/,
    note: 'Every preflight reflects any Origin (https://evil.example) with Access-Control-Allow-Credentials: true.',
  },
  {
    rule: 'cors',
    method: '*',
    path: '*',
    titled: /trusts https:\/\/evil-shop\.example/,
    note: "Answers trust any Origin ending with shop.example, with credentials: the spec's server https://api.shop.example is allowed, and so is https://evil-shop.example.",
  },
  {
    rule: 'verbose_errors',
    method: 'GET',
    path: '/api/v2/products/{productId}',
    note: 'An unknown or non-numeric id answers 500 with a TypeError and its stack (/srv/shop/… paths, node_modules/express).',
  },
  {
    rule: 'verbose_errors',
    method: 'POST',
    path: '/api/v2/reviews',
    note: 'A body that is not JSON (sent with a valid token) answers 500 with the SyntaxError and its stack.',
  },
  { rule: 'security_headers', method: '*', path: '*', note: 'No X-Content-Type-Options: nosniff anywhere, and X-Powered-By: Express everywhere.' },
  { rule: 'trace', method: 'TRACE', path: '*', note: 'TRACE on any path answers 200 message/http echoing the request, headers included.' },
  { rule: 'undocumented_endpoints', method: 'GET', path: '/debug/vars', note: "Go's expvar page, to anyone." },
  { rule: 'undocumented_endpoints', method: 'GET', path: '/actuator/*', note: '/actuator and /actuator/env (Spring-style), to anyone.' },
  { rule: 'undocumented_endpoints', method: 'GET', path: '/.env', note: 'The deployment .env (DB_PASSWORD, JWT_SECRET), to anyone.' },
  {
    rule: 'undocumented_endpoints',
    method: 'GET',
    path: '/api/v2/admin/export',
    note: "Every user's stored record, password hashes included, to anyone (the spec's /api/v2/admin with the word export).",
  },
  {
    rule: 'undocumented_endpoints',
    method: 'GET',
    path: '/debug/config',
    note: 'The settings, the mail password and the payment secret key included, to anyone (two words from the root).',
  },
  {
    rule: 'undocumented_endpoints',
    method: 'PATCH',
    path: '/api/v2/products/{productId}',
    note: 'The spec lists only GET; a PATCH from anyone, no token needed, is merged into the product (`{"price": 0.01}` comes back in its GET).',
  },
  {
    rule: 'undocumented_endpoints',
    method: 'GET',
    path: '/api/v1/*',
    note: "The old version, still mounted: /api/v1 (an index), /api/v1/users (hashes included), /api/v1/products, /api/v1/categories (found by trying the spec's /api/v2 paths under /api/v1).",
  },
  {
    rule: 'sqli',
    method: 'GET',
    path: '/api/v2/products/search',
    note: "`q` goes into LIKE '%…%': a lone quote answers 500 `SQLITE_ERROR: unrecognized token`; `' OR SLEEP(n)-- ` (a comment closes it) waits n seconds.",
  },
  {
    rule: 'sqli',
    method: 'GET',
    path: '/api/v2/stores',
    note: "Blind: `city` goes into = '…' and errors become an empty 200; `Oxford' AND '1'='1` answers as Oxford does, `Oxford' AND '1'='2` []; `' OR SLEEP(n)-- `, `'||pg_sleep(n)--`, `'; WAITFOR DELAY '0:0:n'--` wait n seconds.",
  },
  {
    rule: 'sqli',
    method: 'GET',
    path: '/api/v2/brands',
    note: "Blind, no error text: `name` goes into = '…'; `Oakwood'` answers a bare 500 and `Oakwood''` 200 []; `Oakwood' AND '1'='1` answers as Oakwood does, `Oakwood' AND '1'='2` [].",
  },
  {
    rule: 'sqli',
    method: 'GET',
    path: '/api/v2/deals',
    note: '`sort` is pasted into ORDER BY: `(CASE WHEN 1=1 THEN price ELSE id END)` orders the deals by price, `1=2` by id; SQL that fails answers a bare 500.',
  },
  {
    rule: 'nosqli',
    method: 'POST',
    path: '/auth/login',
    note: 'findOne({username, password}) with the values as sent: password {"$ne": null} (or {"$gt": ""}) logs alice in.',
  },
  {
    rule: 'nosqli',
    method: 'POST',
    path: '/api/v2/orders/lookup',
    note: 'Public guest lookup: {"$ne": null} for email and orderNumber returns every order; plain wrong values return [].',
  },
  {
    rule: 'command_injection',
    method: 'GET',
    path: '/api/v2/diagnostics/ping',
    note: '`ping -c 1 <host>`: `;sleep n`, `|sleep n`, `&&sleep n`, `$(sleep n)`, backticks wait n seconds.',
  },
  {
    rule: 'command_injection',
    method: 'POST',
    path: '/api/v2/exports',
    note: '`zip -q "/srv/shop/exports/<filename>"`, inside double quotes: `$(sleep n)`, backticks or `";sleep n;"` wait n seconds; a bare `;sleep n` does not.',
  },
  {
    rule: 'path_traversal',
    method: 'GET',
    path: '/api/v2/files/{name}',
    note: 'The name is resolved against the folder: `..%2F..%2F..%2F..%2Fetc%2Fpasswd` (slashes encoded, one segment) or `%2Fetc%2Fpasswd` returns root:x:0:0:….',
  },
  { rule: 'path_traversal', method: 'GET', path: '/api/v2/downloads', note: '`file=../../../../etc/passwd` (or /etc/passwd) returns root:x:0:0:….' },
];

/** Operations that look like a planted bug's and are protected correctly, in the vulnerable API itself. */
export const CONTROLS: ManifestEntry[] = [
  { rule: 'bola', method: 'GET', path: '/api/v2/addresses/{addressId}', note: "Checks the owner: Bob's token gets 404 for Alice's address 1." },
  { rule: 'bola', method: 'PATCH', path: '/api/v2/orders/{orderId}', note: "Checks the owner: Bob's token gets 404 for Alice's order 1." },
  { rule: 'broken_auth', method: 'GET', path: '/api/v2/me', note: '401 with no token, a malformed one, an expired one.' },
  { rule: 'broken_auth', method: 'GET', path: '/api/v2/orders', note: '401 with no token, a malformed one, an expired one.' },
  { rule: 'jwt_none', method: 'GET', path: '/api/v2/me', note: 'Takes HS256 only: an alg none token gets 401.' },
  { rule: 'jwt_none', method: 'GET', path: '/api/v2/messages', note: 'Checks the signature (it is expiry it forgets): an alg none token gets 401.' },
  { rule: 'sensitive_data', method: 'POST', path: '/auth/login', note: 'Answers the token the client asked for, and nothing else.' },
  { rule: 'sensitive_data', method: 'GET', path: '/api/v2/products', note: 'Serializes through an allow-list: id, name, category, price.' },
  {
    rule: 'mass_assignment',
    method: 'PATCH',
    path: '/api/v2/orders/{orderId}',
    note: 'Takes quantity and note only: price, status, role sent are not stored.',
  },
  { rule: 'mass_assignment', method: 'POST', path: '/api/v2/addresses', note: 'Takes the NewAddress fields only: userId, role, isAdmin sent are not stored.' },
  { rule: 'resource_limits', method: 'GET', path: '/api/v2/reviews', note: 'limit above 50 gets 400 (120 reviews exist).' },
  { rule: 'resource_limits', method: 'POST', path: '/api/v2/orders', note: 'A body over 100 kB gets 413.' },
  { rule: 'resource_limits', method: 'GET', path: '/api/v2/stores', note: 'Rate-limited: more than 25 requests in a second get 429 with Retry-After.' },
  { rule: 'bfla', method: 'GET', path: '/api/v2/admin/audit-log', note: "Checks the role: Alice's token gets 403." },
  { rule: 'bfla', method: 'GET', path: '/api/v2/reports/refunds', note: "Tagged admin, checks the role: Alice's token gets 403." },
  { rule: 'ssrf', method: 'POST', path: '/api/v2/integrations', note: 'callbackUrl is stored, never fetched.' },
  {
    rule: 'ssrf',
    method: 'POST',
    path: '/api/v2/imports',
    note: 'sourceUrl on a loopback, private or link-local host gets 400; others are queued, not fetched.',
  },
  { rule: 'verbose_errors', method: 'GET', path: '/api/v2/orders/{orderId}', note: 'A malformed id gets a plain 400, an unknown one a plain 404.' },
  { rule: 'verbose_errors', method: 'POST', path: '/api/v2/orders', note: 'A body that is not JSON gets a plain 400.' },
  {
    rule: 'undocumented_endpoints',
    method: 'GET',
    path: '/admin',
    note: 'Exists but answers 401 without a token and 403 to a customer; 200 only to the admin.',
  },
  {
    rule: 'undocumented_endpoints',
    method: 'GET',
    path: '/metrics',
    note: 'Exists but answers 401 without a token and 403 to a customer; 200 only to the admin.',
  },
  { rule: 'sqli', method: 'GET', path: '/api/v2/reviews', note: 'sort is checked against its enum: a quote or a sleep payload gets 400 at once.' },
  { rule: 'sqli', method: 'GET', path: '/api/v2/orders', note: 'status is checked against its enum: a quote or a sleep payload gets 400 at once.' },
  { rule: 'nosqli', method: 'POST', path: '/api/v2/coupons/validate', note: 'code must be a string: an operator object gets 400.' },
  { rule: 'command_injection', method: 'GET', path: '/api/v2/diagnostics/dns', note: 'host must be a host name: shell metacharacters get 400 at once.' },
  { rule: 'path_traversal', method: 'GET', path: '/api/v2/attachments/{name}', note: 'Takes a plain file name only: `../` or `/` gets 400.' },
];

/**
 * True findings that follow from a planted bug but are not required of a scan: neither recall nor
 * precision counts them against it.
 */
export const INCIDENTAL: ManifestEntry[] = [
  { rule: 'verbose_errors', method: 'GET', path: '/api/v2/products/search', note: "sqli's database error is itself a verbose error." },
  {
    rule: 'verbose_errors',
    method: 'GET',
    path: '/api/v2/diagnostics/ping',
    note: "An unterminated quote in host comes back as the shell's syntax error (in a 200).",
  },
  {
    rule: 'resource_limits',
    method: 'POST',
    path: '/auth/login',
    note: 'The login is left out of the rate limiter (login_rate_limit), so a burst gets no 429 either.',
  },
  { rule: 'sensitive_data', method: 'GET', path: '/.env', note: 'The exposed .env holds DB_PASSWORD and JWT_SECRET.' },
  { rule: 'sensitive_data', method: 'GET', path: '/api/v1/*', note: 'The old users list sends password hashes.' },
  { rule: 'sensitive_data', method: 'GET', path: '/api/v2/admin/export', note: 'The export of every user sends password hashes.' },
  { rule: 'sensitive_data', method: 'GET', path: '/debug/config', note: 'The exposed settings hold the mail password and the payment secret key.' },
];

export interface ScoredFinding {
  rule: string;
  method: string;
  path: string;
  title?: string;
}

export interface Score {
  /** Planted bugs found / planted bugs. */
  recall: number;
  /** Distinct findings that are planted or incidental bugs / distinct findings (1 with none). */
  precision: number;
  /** The planted bugs no finding names. */
  missed: ManifestEntry[];
  /** Distinct findings that name no planted or incidental bug, controls included. */
  falsePositives: ScoredFinding[];
  /** The controls some finding names: each is a false positive too. */
  controlsReported: ManifestEntry[];
}

export function entryMatches(entry: ManifestEntry, finding: ScoredFinding): boolean {
  if (entry.rule !== finding.rule || (entry.titled && !entry.titled.test(finding.title ?? ''))) return false;
  if (entry.method !== '*' && entry.method !== finding.method.toUpperCase()) return false;
  if (entry.path === '*' || entry.path === finding.path) return true;
  const prefix = entry.path.endsWith('/*') ? entry.path.slice(0, -2) : undefined;
  return prefix !== undefined && (finding.path === prefix || finding.path.startsWith(`${prefix}/`));
}

/** Findings (as `--json` writes them) scored against the manifest; a finding repeated (the same rule, operation and title) counts once. */
export function scoreFindings(findings: ScoredFinding[]): Score {
  const distinct = [
    ...new Map(findings.map((finding) => [`${finding.rule} ${finding.method.toUpperCase()} ${finding.path} ${finding.title ?? ''}`, finding])).values(),
  ];
  const isBug = (finding: ScoredFinding) => [...PLANTED, ...INCIDENTAL].some((entry) => entryMatches(entry, finding));
  const found = PLANTED.filter((entry) => distinct.some((finding) => entryMatches(entry, finding)));
  const falsePositives = distinct.filter((finding) => !isBug(finding));
  return {
    recall: found.length / PLANTED.length,
    precision: distinct.length === 0 ? 1 : (distinct.length - falsePositives.length) / distinct.length,
    missed: PLANTED.filter((entry) => !found.includes(entry)),
    falsePositives,
    controlsReported: CONTROLS.filter((entry) => distinct.some((finding) => entryMatches(entry, finding))),
  };
}
