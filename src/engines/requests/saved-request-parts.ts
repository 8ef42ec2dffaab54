import type { SavedRequest } from '../../workspace/saved-requests.js';
import type { HttpBody, RequestParts } from '../http/prepare-request.js';

/** A saved request as the HTTP engine takes it, placeholders still in. */
export function savedRequestParts(saved: SavedRequest): RequestParts {
  return { method: saved.method.toUpperCase(), url: saved.url, headers: saved.headers, query: saved.query, body: asBody(saved.body) };
}

/** YAML may hold a number or a boolean as the body; those go out as their text. */
function asBody(body: unknown): HttpBody | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || typeof body === 'object') return body as HttpBody;
  return String(body);
}
