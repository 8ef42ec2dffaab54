import type { CheckTable } from '../security-check.js';

/**
 * Every check of `falcon scan`, by rule name, in the order `--help` and the reports list them (by
 * OWASP entry); each file declares what it finds, its OWASP entry and CWE, when it runs and how. The
 * table `runScan` is given by default. Light at import time: a check loads only when a scan runs it.
 */
export const ALL_CHECKS = {
  bola: async () => (await import('./bola.js')).bolaCheck,
  broken_auth: async () => (await import('./broken-auth.js')).brokenAuthCheck,
  jwt_none: async () => (await import('./jwt-none.js')).jwtNoneCheck,
  jwt_weak_secret: async () => (await import('./jwt-weak-secret.js')).jwtWeakSecretCheck,
  login_rate_limit: async () => (await import('./login-rate-limit.js')).loginRateLimitCheck,
  sensitive_data: async () => (await import('./sensitive-data.js')).sensitiveDataCheck,
  mass_assignment: async () => (await import('./mass-assignment.js')).massAssignmentCheck,
  resource_limits: async () => (await import('./resource-limits.js')).resourceLimitsCheck,
  bfla: async () => (await import('./bfla.js')).bflaCheck,
  ssrf: async () => (await import('./ssrf.js')).ssrfCheck,
  cors: async () => (await import('./cors.js')).corsCheck,
  graphql_introspection: async () => (await import('./graphql-introspection.js')).graphqlIntrospectionCheck,
  graphql_field_suggestions: async () => (await import('./graphql-field-suggestions.js')).graphqlFieldSuggestionsCheck,
  verbose_errors: async () => (await import('./verbose-errors.js')).verboseErrorsCheck,
  security_headers: async () => (await import('./security-headers.js')).securityHeadersCheck,
  cookie_flags: async () => (await import('./cookie-flags.js')).cookieFlagsCheck,
  trace: async () => (await import('./trace.js')).traceCheck,
  undocumented_endpoints: async () => (await import('./undocumented-endpoints.js')).undocumentedEndpointsCheck,
  sqli: async () => (await import('./sqli.js')).sqliCheck,
  nosqli: async () => (await import('./nosqli.js')).nosqliCheck,
  command_injection: async () => (await import('./command-injection.js')).commandInjectionCheck,
  path_traversal: async () => (await import('./path-traversal.js')).pathTraversalCheck,
} satisfies CheckTable;

export type RuleName = keyof typeof ALL_CHECKS;

/** The rules, as `--checks` takes them. */
export const RULE_NAMES = Object.keys(ALL_CHECKS) as [RuleName, ...RuleName[]];
