/** The rules of `falcon scan`, as `--checks` takes them; what each proves is in security-rules.ts. */
export const RULE_NAMES = [
  'bola',
  'broken_auth',
  'jwt_none',
  'jwt_weak_secret',
  'login_rate_limit',
  'sensitive_data',
  'mass_assignment',
  'resource_limits',
  'bfla',
  'ssrf',
  'cors',
  'verbose_errors',
  'security_headers',
  'trace',
  'undocumented_endpoints',
  'sqli',
  'nosqli',
  'command_injection',
  'path_traversal',
] as const;

export type RuleName = (typeof RULE_NAMES)[number];
