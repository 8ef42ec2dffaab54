import { type ScanResponse, headerValue, jsonBody } from '../../scan-exchange.js';

const TOKEN_FIELD = /^(token|access_?token|jwt|id_?token|auth_?token|session_?(id|token)?)$/i;
/** How deep into a login answer a token is looked for (`{data: {token}}`). */
const MAX_DEPTH = 2;

/** Whether a login answer lets the caller in: a 2xx with a token in its JSON or a cookie set. */
export function issuesCredential(response: ScanResponse): boolean {
  if (response.status < 200 || response.status >= 300) return false;
  return headerValue(response, 'set-cookie') !== undefined || holdsToken(jsonBody(response), MAX_DEPTH);
}

function holdsToken(value: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).some(([key, inner]) => (TOKEN_FIELD.test(key) && typeof inner === 'string' && inner !== '') || (depth > 0 && holdsToken(inner, depth - 1)));
}
