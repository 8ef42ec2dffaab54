import { HttpRequestError } from './http-request-error.js';
import type { PreparedRequest } from './prepare-request.js';

export const MAX_REDIRECTS = 10;

/** One redirect that was followed. */
export interface RedirectHop {
  method: string;
  url: string;
  status: number;
  /** Absolute URL the server sent us to. */
  location: string;
  durationMs: number;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Credentials meant for one origin must not travel to another. */
const ORIGIN_BOUND_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding'];

/**
 * The request a redirect asks for, by the Fetch standard's rules: 303 turns into GET, and so do 301
 * and 302 after a POST (what every browser and client does); 307 and 308 repeat the method and body,
 * but never to another origin (an error). Undefined when the response is not a redirect that can be followed.
 */
export function redirectedRequest(request: PreparedRequest, status: number, location: string | undefined): PreparedRequest | undefined {
  if (!REDIRECT_STATUSES.has(status) || !location) return undefined;
  let url: URL;
  try {
    url = new URL(location, request.url);
  } catch {
    throw new HttpRequestError(`${request.url.origin} answered ${status} with an invalid Location: ${location}`, 'redirects');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HttpRequestError(`${request.url.origin} redirected to ${url.href}, which is not http or https`, 'redirects');
  }
  const toGet = (status === 303 && request.method !== 'HEAD') || ((status === 301 || status === 302) && request.method === 'POST');
  // The body may hold what was meant for this API only ({{env:…}} values); another origin gets it only when asked for by name.
  if (!toGet && request.body !== undefined && url.origin !== request.url.origin) {
    throw new HttpRequestError(
      `${request.url.origin} answered ${status}, sending the request body on to ${url.origin}: not followed. ` +
        'Send the request to that URL itself if it is meant to go there.',
      'redirects',
    );
  }
  const dropped = [...(toGet ? BODY_HEADERS : []), ...(url.origin === request.url.origin ? [] : ORIGIN_BOUND_HEADERS)];
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !dropped.includes(name)));
  return { method: toGet ? 'GET' : request.method, url, headers, body: toGet ? undefined : request.body };
}

/** The chain as lines: `302 GET http://…/a → http://…/b`. */
export function describeRedirects(hops: readonly RedirectHop[]): string[] {
  return hops.map((hop) => `${hop.status} ${hop.method} ${hop.url} → ${hop.location}`);
}

export function tooManyRedirects(hops: readonly RedirectHop[]): HttpRequestError {
  const urls = hops.map((hop) => hop.url);
  const repeated = urls.find((url, index) => urls.indexOf(url) !== index);
  const why = repeated ? `a loop: ${repeated} comes back` : 'the chain goes on';
  const chain = describeRedirects(hops).map((line) => `  ${line}`);
  return new HttpRequestError(`stopped after ${MAX_REDIRECTS} redirects (${why}):\n${chain.join('\n')}`, 'redirects');
}
