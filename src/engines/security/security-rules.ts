import type { RuleName } from './rule-names.js';

export { RULE_NAMES, type RuleName } from './rule-names.js';

/** A rule of `falcon scan`: what it looks for, the OWASP API Security Top 10 (2023) entry and CWE it belongs to. */
export interface SecurityRule {
  owasp: string;
  cwe: string;
  /** What proves a finding, for the README and `--help`. */
  proof: string;
  remediation: string;
}

export const SECURITY_RULES: Record<RuleName, SecurityRule> = {
  bola: {
    owasp: 'API1:2023',
    cwe: 'CWE-639',
    proof: "one user's token reads or changes an object another user created (ids from that user's own responses, then neighbouring ids), and the other user's data comes back",
    remediation: 'Check on every request that the object belongs to the caller (or that the caller may act on it), not only that the caller is logged in.',
  },
  broken_auth: {
    owasp: 'API2:2023',
    cwe: 'CWE-287',
    proof: 'an operation that needs authentication answers 2xx with data to no token, a malformed token or an expired one',
    remediation: 'Require and verify a credential on every protected operation: signature, expiry, issuer and audience.',
  },
  jwt_none: {
    owasp: 'API2:2023',
    cwe: 'CWE-347',
    proof: "the user's own JWT, re-signed with alg \"none\" (and no signature), is accepted as that user",
    remediation: 'Accept only the signing algorithms you issue (an allow-list); never "none".',
  },
  jwt_weak_secret: {
    owasp: 'API2:2023',
    cwe: 'CWE-521',
    proof: "the user's HS256 JWT verifies with a secret from a small list of common ones, and a token signed with it is accepted",
    remediation: 'Sign tokens with a long random secret (32 bytes or more) or an asymmetric key, kept out of the code.',
  },
  login_rate_limit: {
    owasp: 'API2:2023',
    cwe: 'CWE-307',
    proof: 'a burst of failed logins for one account is answered without a 429, a lockout or a slowdown, and the right password still works after it',
    remediation: 'Limit failed logins per account and per client (429 with Retry-After, growing delays or a temporary lockout).',
  },
  sensitive_data: {
    owasp: 'API3:2023',
    cwe: 'CWE-213',
    proof: 'a response carries password hashes, secrets, tokens or keys in fields the client has no use for',
    remediation: 'Return only the fields the client needs: serialize through an explicit allow-list, never the stored record.',
  },
  mass_assignment: {
    owasp: 'API3:2023',
    cwe: 'CWE-915',
    proof: 'a privileged property (role, isAdmin, price…) sent in a create or update is stored: reading the object back shows the value sent',
    remediation: 'Bind request bodies to an explicit list of writable fields; ignore or refuse the rest.',
  },
  resource_limits: {
    owasp: 'API4:2023',
    cwe: 'CWE-770',
    proof: 'a page size far above any sensible limit is honoured (more items come back than the default page), an oversized body is accepted, or a bounded burst gets no 429',
    remediation: 'Cap page sizes and body sizes, and rate-limit each client (429 with Retry-After).',
  },
  bfla: {
    owasp: 'API5:2023',
    cwe: 'CWE-285',
    proof: "an administrative operation answers 2xx to an ordinary user's token",
    remediation: "Check the caller's role or permission on every administrative operation, on the server.",
  },
  ssrf: {
    owasp: 'API7:2023',
    cwe: 'CWE-918',
    proof: "a URL sent in a field makes the server request Falcon's own loopback canary listener",
    remediation: 'Fetch only allow-listed hosts and schemes; resolve and refuse private, loopback and link-local addresses; do not follow redirects blindly.',
  },
  cors: {
    owasp: 'API8:2023',
    cwe: 'CWE-942',
    proof: 'an arbitrary Origin is reflected in Access-Control-Allow-Origin together with Access-Control-Allow-Credentials: true',
    remediation: 'Allow only the origins you trust, from a fixed list; never reflect the Origin header with credentials.',
  },
  verbose_errors: {
    owasp: 'API8:2023',
    cwe: 'CWE-209',
    proof: 'an error response carries a stack trace, a file path, a SQL error or framework internals',
    remediation: 'Answer errors with a generic message and an id; log the details on the server only.',
  },
  security_headers: {
    owasp: 'API8:2023',
    cwe: 'CWE-693',
    proof: 'responses lack headers every API should send (X-Content-Type-Options: nosniff, and Strict-Transport-Security over HTTPS), or carry an X-Powered-By banner',
    remediation: 'Send X-Content-Type-Options: nosniff, Strict-Transport-Security over HTTPS and Cache-Control on private data; drop X-Powered-By.',
  },
  trace: {
    owasp: 'API8:2023',
    cwe: 'CWE-693',
    proof: 'a TRACE request is answered 200 and echoes the request back',
    remediation: 'Disable the TRACE method.',
  },
  undocumented_endpoints: {
    owasp: 'API9:2023',
    cwe: 'CWE-1059',
    proof: 'a common path the spec does not list (/admin, /debug, /actuator, /.env, /swagger.json, an older API version…) answers 2xx with content',
    remediation: 'Remove or protect debug, admin and old-version endpoints, and keep the spec as the inventory of what is exposed.',
  },
  sqli: {
    owasp: 'API8:2023',
    cwe: 'CWE-89',
    proof: 'a quote in a parameter brings back a database error, or a sleep payload delays the answer by its length, twice, beyond the normal time',
    remediation: 'Use parameterized queries or an ORM for every query; never build SQL from request values.',
  },
  nosqli: {
    owasp: 'API8:2023',
    cwe: 'CWE-943',
    proof: 'an operator object ({"$ne": …}, {"$gt": ""}) in place of a value logs in or returns records the plain value does not',
    remediation: 'Validate the type of every value (a string stays a string) and never pass request objects into queries.',
  },
  command_injection: {
    owasp: 'API8:2023',
    cwe: 'CWE-78',
    proof: 'a shell sleep payload in a parameter delays the answer by its length, twice, beyond the normal time',
    remediation: 'Never pass request values to a shell; call programs with argument arrays and validate inputs against an allow-list.',
  },
  path_traversal: {
    owasp: 'API8:2023',
    cwe: 'CWE-22',
    proof: 'a ../ sequence in a file or path parameter returns the contents of a file outside the folder (/etc/passwd, win.ini)',
    remediation: 'Resolve paths against the allowed folder and refuse any that leave it; prefer ids over file names.',
  },
};
