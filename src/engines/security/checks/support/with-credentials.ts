import type { FalconSpec, SpecOperation } from '../../../spec/spec-format.js';
import { operationCredentials } from '../../../testing/generate/security-credentials.js';
import type { Identity } from '../../identity.js';
import type { ScanRequest } from '../../scan-exchange.js';

/**
 * The request with `credentials` (header name → value) in place of the identity's, to be sent as
 * no identity: the headers, cookies and query keys the operation's security schemes name and the
 * identity's own headers are left out, the scan's `-H` ones included, then `credentials` added.
 */
export function withCredentials(request: ScanRequest, operation: SpecOperation, spec: FalconSpec, identity: Identity, credentials: Record<string, string> = {}): ScanRequest {
  const places = operationCredentials(operation, spec)?.places ?? [];
  const headers = [...new Set([...Object.keys(identity.headers), ...places.filter((place) => place.in === 'header').map((place) => place.name)].map((name) => name.toLowerCase()))];
  const cookies = places.filter((place) => place.in === 'cookie').map((place) => place.name);
  const queryKeys = new Set(places.filter((place) => place.in === 'query').map((place) => place.name));
  const keptHeaders = Object.entries(request.headers ?? {}).filter(([name]) => !headers.includes(name.toLowerCase()));
  return {
    ...request,
    ...(request.query && { query: Object.fromEntries(Object.entries(request.query).filter(([name]) => !queryKeys.has(name))) }),
    headers: { ...Object.fromEntries(keptHeaders), ...credentials },
    withoutCredentials: { headers, ...(cookies.length > 0 && { cookies }) },
  };
}
