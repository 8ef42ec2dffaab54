import { STATUS_CODES } from 'node:http';
import { CookieJar, cookieHeader } from './cookie-jar.js';
import { decodeBody, isBinaryBody } from './decode-body.js';
import { type HttpTiming, type RawResponse, exchange } from './exchange.js';
import { HttpRequestError, describeNetworkFailure } from './http-request-error.js';
import { type PreparedRequest, type RequestParts, prepareRequest } from './prepare-request.js';
import { MAX_REDIRECTS, type RedirectHop, redirectedRequest, tooManyRedirects } from './redirects.js';
import { type WatchedRequest, currentRequestWatch } from './request-watch.js';
import type { ServerLogExcerpt } from './server-log-excerpt.js';

export { HttpRequestError, type HttpFailure } from './http-request-error.js';
export type { HttpBody, ParamMap } from './prepare-request.js';

export interface HttpRequestInput extends RequestParts {
  /** Whole call, redirects included. Default DEFAULT_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Follow up to MAX_REDIRECTS redirects; default false: a 3xx is the answer. */
  followRedirects?: boolean;
  /** Cookies to send and to keep; without one, cookies last only through this call's redirects. */
  cookies?: CookieJar;
  signal?: AbortSignal;
}

/** The request as it went on the wire (the last one, after redirects). */
export interface SentRequest {
  method: string;
  url: string;
  /** Lower-case names, with the Cookie header the jar added. */
  headers: Record<string, string>;
  body?: string;
}

export interface HttpResponse {
  status: number;
  statusText: string;
  /** Lower-case names; set-cookie is an array. */
  headers: Record<string, string | string[]>;
  /** Decoded as UTF-8 (after gzip/deflate/br decompression); at most MAX_KEPT_BODY_BYTES of it. */
  body: string;
  bodyTruncated: boolean;
  /** Not text: an image, an archive, bytes with NULs. */
  binary: boolean;
  /** Bytes received, as sent over the wire. */
  sizeBytes: number;
  /** The whole call, redirects included. */
  durationMs: number;
  /** Phases of the last exchange. */
  timing: HttpTiming;
  /** Redirects followed, in order. */
  redirects: RedirectHop[];
  request: SentRequest;
  /** A request to the API whose server Falcon knows, answered with 500 or more: what the server printed about it. */
  serverLog?: ServerLogExcerpt;
  /** What to know about the answer: the server may still have run the old code, … */
  serverNotes?: string[];
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const MAX_KEPT_BODY_BYTES = 10 * 1024 * 1024;

/**
 * Sends a request and reads the whole response, following redirects only when asked. A request to
 * the API whose server Falcon knows (`request-watch.ts`) carries an id, waits for a reload under way,
 * and comes back with the server's log lines when the answer is 500 or more, or none came.
 */
export async function sendRequest(input: HttpRequestInput): Promise<HttpResponse> {
  const prepared = prepareRequest(input);
  const watched = await currentRequestWatch()?.begin({ method: prepared.method, url: prepared.url, headers: prepared.headers }, input.signal);
  if (!watched) return send(input, prepared);
  return sendWatched(input, prepared, watched, true);
}

async function sendWatched(input: HttpRequestInput, prepared: PreparedRequest, watched: WatchedRequest, mayRetry: boolean): Promise<HttpResponse> {
  const headers = { ...prepared.headers };
  for (const [name, value] of Object.entries(watched.headers)) headers[name.toLowerCase()] = value;
  const notes = watched.notes.length > 0 ? { serverNotes: watched.notes } : {};
  try {
    const response = await send(input, { ...prepared, headers });
    const serverLog = await watched.end({ status: response.status }, input.signal);
    return { ...response, ...(serverLog && { serverLog }), ...notes };
  } catch (error) {
    if (!(error instanceof HttpRequestError)) throw error;
    input.signal?.throwIfAborted();
    if (mayRetry && error.failure === 'connection_refused' && (await watched.refused(input.signal))) {
      const again = await currentRequestWatch()?.begin({ method: prepared.method, url: prepared.url, headers: prepared.headers }, input.signal);
      if (again) return sendWatched(input, prepared, again, false);
    }
    error.serverLog = await watched.end({ failure: error.failure }, input.signal);
    error.serverNotes = watched.notes;
    throw error;
  }
}

async function send(input: HttpRequestInput, prepared: PreparedRequest): Promise<HttpResponse> {
  let request = prepared;
  const timeoutMs = input.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
  const jar = input.cookies ?? new CookieJar();
  const redirects: RedirectHop[] = [];
  const started = performance.now();
  try {
    for (;;) {
      const sent = withCookies(request, jar);
      const raw = await exchange(sent, signal, MAX_KEPT_BODY_BYTES);
      jar.store(([] as string[]).concat(raw.headers['set-cookie'] ?? []), request.url);
      const location = raw.headers.location;
      const next = input.followRedirects ? redirectedRequest(request, raw.status, typeof location === 'string' ? location : undefined) : undefined;
      if (!next) return toResponse(raw, sent, redirects, Math.round(performance.now() - started));
      redirects.push({ method: sent.method, url: sent.url.href, status: raw.status, location: next.url.href, durationMs: Math.round(raw.timing.totalMs) });
      if (redirects.length > MAX_REDIRECTS) throw tooManyRedirects(redirects);
      request = next;
    }
  } catch (error) {
    input.signal?.throwIfAborted();
    if (error instanceof HttpRequestError) throw error;
    if (timeout.aborted) throw new HttpRequestError(`timed out after ${timeoutMs} ms waiting for ${request.url.origin}`, 'timeout');
    throw describeNetworkFailure(error, request.url);
  }
}

function withCookies(request: PreparedRequest, jar: CookieJar): PreparedRequest {
  const cookie = cookieHeader(request.headers.cookie, jar.matching(request.url));
  return cookie === undefined ? request : { ...request, headers: { ...request.headers, cookie } };
}

function toResponse(raw: RawResponse, sent: PreparedRequest, redirects: RedirectHop[], durationMs: number): HttpResponse {
  const body = decodeBody(raw.bytes, raw.headers['content-encoding'], raw.truncated);
  return {
    status: raw.status,
    statusText: STATUS_CODES[raw.status] ?? raw.statusMessage,
    headers: raw.headers,
    body,
    bodyTruncated: raw.truncated,
    binary: isBinaryBody(body, String(raw.headers['content-type'] ?? '')),
    sizeBytes: raw.sizeBytes,
    durationMs,
    timing: raw.timing,
    redirects,
    request: { method: sent.method, url: sent.url.href, headers: sent.headers, body: sent.body },
  };
}
