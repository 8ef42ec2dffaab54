import { prepareRequest, type RequestParts } from '../http/prepare-request.js';
import type { PerfRequest } from './perf-scenario.js';

/**
 * A request with its placeholders filled, as the load sends it: the HTTP engine's default headers,
 * names in lower case, the body encoded and its content-length set. `label` defaults to the method and URL.
 */
export function toPerfRequest(parts: RequestParts, label?: string, weight = 1): PerfRequest {
  const prepared = prepareRequest(parts);
  const url = prepared.url.href;
  return {
    method: prepared.method,
    url,
    headers: prepared.headers,
    ...(prepared.body !== undefined && { body: prepared.body.toString() }),
    weight,
    label: label ?? `${prepared.method} ${url}`,
  };
}
