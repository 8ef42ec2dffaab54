import { HttpRequestError } from '../../../../../engines/http/http-request-error.js';
import type { Identity } from '../../identity.js';
import type { ScanContext } from '../../scan-context.js';
import type { ScanExchange, ScanRequest } from '../../scan-exchange.js';
import type { SpecOperation, FalconSpec } from '../../../../../engines/spec/spec-format.js';
import { pathParameterNames } from '../../../../../engines/testing/path-template.js';
import { operationCredentials } from '../../../../../engines/testing/generate/security-credentials.js';

/**
 * Sends a probe; undefined when it got no answer (a timeout, a connection dropped, a malformed
 * response) or a 429 (throttled: the API did not look at it): evidence for nothing, and the next
 * probe may fare better. A target that refuses connections or no longer resolves is gone: that
 * still throws.
 */
export async function sendProbe(ctx: ScanContext, request: ScanRequest, identity: Identity | undefined): Promise<ScanExchange | undefined> {
  const exchange = await sendAttempt(ctx, request, identity);
  return exchange?.response.status === 429 ? undefined : exchange;
}

/** sendProbe for the checks that look for a 429: it comes back as any other answer. */
export async function sendAttempt(ctx: ScanContext, request: ScanRequest, identity: Identity | undefined): Promise<ScanExchange | undefined> {
  try {
    return await ctx.send(request, identity);
  } catch (error) {
    if (error instanceof HttpRequestError && error.failure !== 'connection_refused' && error.failure !== 'dns') return undefined;
    throw error;
  }
}

export type PathValues = Record<string, string | number>;

/**
 * The operation's valid request with the path parameters given, and only the query parameters the
 * spec requires: an optional filter (`?status=shipped`) would hide objects. Undefined when a path
 * parameter has no value.
 */
export function plainRequest(ctx: ScanContext, operation: SpecOperation, pathValues: PathValues = {}): ScanRequest | undefined {
  const request = ctx.validRequest(operation) ?? { method: operation.method, path: operation.path };
  const required = new Set(operation.parameters.filter((parameter) => parameter.in === 'query' && parameter.required).map((parameter) => parameter.name));
  if (request.query) request.query = Object.fromEntries(Object.entries(request.query).filter(([name]) => required.has(name)));
  const pathParams = { ...request.pathParams, ...pathValues };
  request.pathParams = pathParams;
  return pathParameterNames(operation.path).every((name) => pathParams[name] !== undefined) ? request : undefined;
}

/**
 * The request with `credentials` (header name → value) in place of the identity's, to be sent as
 * no identity: the headers, cookies and query keys the operation's security schemes name and the
 * identity's own headers are left out, the scan's `-H` ones included, then `credentials` added.
 */
export function withCredentials(
  request: ScanRequest,
  operation: SpecOperation,
  spec: FalconSpec,
  identity: Identity,
  credentials: Record<string, string> = {},
): ScanRequest {
  const places = operationCredentials(operation, spec)?.places ?? [];
  const headers = [
    ...new Set(
      [...Object.keys(identity.headers), ...places.filter((place) => place.in === 'header').map((place) => place.name)].map((name) => name.toLowerCase()),
    ),
  ];
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

/** The spec says the operation needs credentials: it has a security requirement and no empty (anonymous) alternative. */
export function requiresAuth(operation: SpecOperation): boolean {
  return operation.security.length > 0 && operation.security.every((alternative) => Object.keys(alternative).length > 0);
}
