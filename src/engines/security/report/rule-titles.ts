import type { RuleName } from '../security-rules.js';

/** What each rule finds, in a few words: the heading a dashboard shows above the rule's help. */
export const RULE_TITLES: Record<RuleName, string> = {
  bola: 'Broken object level authorization',
  broken_auth: 'Broken authentication',
  jwt_none: 'JWT accepted with alg "none"',
  jwt_weak_secret: 'JWT signed with a weak secret',
  login_rate_limit: 'No rate limit on failed logins',
  sensitive_data: 'Sensitive data in responses',
  mass_assignment: 'Mass assignment',
  resource_limits: 'Unrestricted resource consumption',
  bfla: 'Broken function level authorization',
  ssrf: 'Server-side request forgery',
  cors: 'CORS reflects any origin with credentials',
  verbose_errors: 'Verbose error messages',
  security_headers: 'Missing security headers',
  trace: 'TRACE method enabled',
  undocumented_endpoints: 'Undocumented endpoints',
  sqli: 'SQL injection',
  nosqli: 'NoSQL injection',
  command_injection: 'OS command injection',
  path_traversal: 'Path traversal',
};
