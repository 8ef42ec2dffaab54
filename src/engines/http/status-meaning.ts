import type { HttpResponse } from './send-request.js';

type Explain = (response: HttpResponse) => string;

const header = (response: HttpResponse, name: string): string | undefined => {
  const value = response.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

const retryAfter = (response: HttpResponse, otherwise: string): string => {
  const value = header(response, 'retry-after');
  if (!value) return otherwise;
  return /^\d+$/.test(value.trim()) ? `wait ${value.trim()} s (Retry-After) before retrying` : `wait until ${value} (Retry-After) before retrying`;
};

const redirect =
  (kind: string): Explain =>
  (response) => {
    const location = header(response, 'location');
    if (!location) return `${kind} redirect, but the response has no Location header`;
    if (response.redirectStopped !== undefined) return `${kind} redirect to ${location} — not followed: ${response.redirectStopped}`;
    return `${kind} redirect to ${location} — not followed; send again with follow_redirects: true to follow it`;
  };

/** What a status means for the person debugging the API, and what to try next. */
const MEANINGS: Record<number, Explain> = {
  201: (r) => `created${header(r, 'location') ? `; the new resource is at ${header(r, 'location')}` : ''}`,
  202: () => 'accepted for processing, not finished yet — poll the status resource if the API offers one',
  204: () => 'succeeded, with no body by design',
  301: redirect('a permanent'),
  302: redirect('a temporary'),
  303: redirect('a see-other (turns into GET)'),
  304: () => 'not modified: the cached copy (If-None-Match / If-Modified-Since) is still current',
  307: redirect('a temporary (same method and body)'),
  308: redirect('a permanent (same method and body)'),
  400: () =>
    "the server rejected the request as malformed — check the body against the endpoint's schema (required fields, types, JSON syntax) and the query parameters",
  401: (r) =>
    `missing, invalid or expired credentials — send an Authorization header or fetch a fresh token (try the auth tool)${header(r, 'www-authenticate') ? `; the server asks for: ${header(r, 'www-authenticate')}` : ''}`,
  403: () => 'authenticated but not allowed — the credentials lack the role, scope or ownership this resource needs',
  404: () => 'nothing at this URL — check the path, its parameters (does that id exist?) and the base URL',
  405: (r) => {
    const allow = header(r, 'allow');
    return `${r.request.method} is not allowed on this path — ${allow ? `it allows: ${allow} (Allow header)` : 'the response has no Allow header; try OPTIONS'}`;
  },
  406: () => 'the server cannot answer in a format the Accept header asks for',
  408: () => 'the server gave up waiting for the request to arrive',
  409: () => 'conflicts with the current state (a duplicate unique field, a stale version) — read the body, fetch the current resource',
  410: () => 'gone for good: this resource was deleted or the endpoint retired',
  412: () => 'a precondition (If-Match / If-Unmodified-Since) failed: the resource changed — fetch it again for a fresh ETag',
  413: () => 'the body is larger than the server accepts',
  415: (r) =>
    `the server does not accept this body's content-type (sent: ${r.request.headers['content-type'] ?? 'none'}) — set Content-Type to what the endpoint expects, usually application/json`,
  422: () => 'the body is well-formed but failed validation — the response body usually names the fields',
  429: (r) => `rate limited — ${retryAfter(r, 'no Retry-After header; back off before retrying')}`,
  500: () => "the server failed while handling the request — read the server logs, or find this route's handler in the code",
  501: () => 'the server does not implement this method or endpoint',
  502: () => 'a gateway or proxy got a bad answer from the server behind it — is the application itself running?',
  503: (r) => `the server is unavailable (down, starting or overloaded) — ${retryAfter(r, 'retry in a moment')}`,
  504: () => 'a gateway timed out waiting for the server behind it — the handler is slow or hanging',
};

export function describeStatus(response: HttpResponse): string | undefined {
  const explain = MEANINGS[response.status];
  if (explain) return explain(response);
  if (response.status >= 500) return 'a server error — read the server logs';
  if (response.status >= 400) return 'the server refused the request — the body usually says why';
  return undefined;
}
