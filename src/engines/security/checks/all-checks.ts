import type { SecurityCheck } from '../security-check.js';
import type { RuleName } from '../security-rules.js';
import { bolaCheck } from './bola.js';
import { brokenAuthCheck } from './broken-auth.js';
import { jwtNoneCheck } from './jwt-none.js';
import { jwtWeakSecretCheck } from './jwt-weak-secret.js';
import { loginRateLimitCheck } from './login-rate-limit.js';
import { sensitiveDataCheck } from './sensitive-data.js';
import { massAssignmentCheck } from './mass-assignment.js';
import { resourceLimitsCheck } from './resource-limits.js';
import { bflaCheck } from './bfla.js';
import { ssrfCheck } from './ssrf.js';
import { corsCheck } from './cors.js';
import { verboseErrorsCheck } from './verbose-errors.js';
import { securityHeadersCheck } from './security-headers.js';
import { traceCheck } from './trace.js';
import { undocumentedEndpointsCheck } from './undocumented-endpoints.js';
import { sqliCheck } from './sqli.js';
import { nosqliCheck } from './nosqli.js';
import { commandInjectionCheck } from './command-injection.js';
import { pathTraversalCheck } from './path-traversal.js';

/** Every rule's check, in the order a scan runs them (cheap, read-only ones first). */
export const CHECKS: Record<RuleName, SecurityCheck> = {
  security_headers: securityHeadersCheck,
  cors: corsCheck,
  trace: traceCheck,
  verbose_errors: verboseErrorsCheck,
  undocumented_endpoints: undocumentedEndpointsCheck,
  sensitive_data: sensitiveDataCheck,
  broken_auth: brokenAuthCheck,
  jwt_none: jwtNoneCheck,
  jwt_weak_secret: jwtWeakSecretCheck,
  bola: bolaCheck,
  bfla: bflaCheck,
  mass_assignment: massAssignmentCheck,
  ssrf: ssrfCheck,
  sqli: sqliCheck,
  nosqli: nosqliCheck,
  command_injection: commandInjectionCheck,
  path_traversal: pathTraversalCheck,
  resource_limits: resourceLimitsCheck,
  login_rate_limit: loginRateLimitCheck,
};
