import { STATUS_CODES } from 'node:http';
import { CookieJar, type SiteContext, siteContext } from './cookie-jar.js';
import { decodeBody, isBinaryBody } from './decode-body.js';
import { type HttpTiming, type RawResponse, exchange } from './exchange.js';
import { encodeMultipart } from './multipart-body.js';
import { PausableTimeout } from './pausable-timeout.js';
import { HttpRequestError, describeNetworkFailure } from './http-request-error.js';
import { type PreparedRequest, type RequestParts, prepareRequest } from './prepare-request.js';
import { MAX_REDIRECTS, type RedirectHop, redirectedRequest, tooManyRedirects } from './redirects.js';
import { type WatchedRequest, currentRequestWatch } from './request-watch.js';
import type { ServerLogExcerpt } from './server-log-excerpt.js';

export { HttpRequestError, type HttpFailure } from './http-request-error.js';
export type { HttpBody, ParamMap } from './prepare-request.js';
export type { MultipartFields, MultipartFile } from './multipart-body.js';

export interface HttpRequestInput extends RequestParts {
  /** Whole call, redirects included. Default DEFAULT_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Follow up to MAX_REDIRECTS redirects; default false: a 3xx is the answer. */
  followRedirects?: boolean;
  /** Cookies to send and to keep; without one, cookies last only through this call's redirects. */
  cookies?: CookieJar;
  /**
   * Asked before each redirect is followed, with the request it would send: undefined follows it, a
   * reason stops there (the redirect is the answer, `redirectStopped` says why).
   */
  beforeRedirect?(next: RedirectStep): Promise<string | undefined>;
  signal?: AbortSignal;
}

/** The request as it went on the wire (the last one, after redirects). */
export interface SentRequest {
  method: string;
  url: string;
  /** Lower-case names, with the Cookie header the jar added. */
  headers: Record<string, string>;
  /** As text (a multipart body's bytes read as UTF-8), for showing. */
  body?: string;
}

export interface HttpResponse {
  status: number;
  statusText: string;
  /** Lower-case names; set-cookie is an array. */
  headers: Record<string, string | string[]>;
  /** As text: content codings undone (stacked ones too), then decoded by its charset; from at most MAX_KEPT_BODY_BYTES received. */
  body: string;
  /** Why the body is shown as received, or read as UTF-8 against its charset, when it is (see decode-body.ts). */
  bodyNote?: string;
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
  /** Why the redirect this response asks for was not followed, when `beforeRedirect` stopped it. */
  redirectStopped?: string;
  request: SentRequest;
  /** A request to the API whose server Falcon knows, answered with 500 or more: what the server printed about it. */
  serverLog?: ServerLogExcerpt;
  /** What to know about the answer: the server may still have run the old code, … */
  serverNotes?: string[];
}

/** A redirect about to be followed: the response that asks for it, and the request it leads to. */
export interface RedirectStep {
  status: number;
  from: URL;
  /** What would be sent next; cookies are added when it is sent. */
  request: PreparedRequest;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const MAX_KEPT_BODY_BYTES = 10 * 1024 * 1024;

/**
 * Sends a request and reads the whole response, following redirects only when asked. A request to
 * the API whose server Falcon knows (`request-watch.ts`) carries an id, waits for a reload under way,
 * and comes back with the server's log lines when the answer is 500 or more, or none came.
 */
export async function sendRequest(input: HttpRequestInput): Promise<HttpResponse> {
  const prepared = prepareRequest(input, input.multipart && (await encodeMultipart(input.multipart)));
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
  const timeout = new PausableTimeout(timeoutMs);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout.signal]) : timeout.signal;
  const jar = input.cookies ?? new CookieJar();
  const redirects: RedirectHop[] = [];
  const started = performance.now();
  const first = request.url;
  try {
    for (;;) {
      const context = await siteContext(first, request.url, request.method);
      const sent = await withCookies(request, jar, context);
      const raw = await exchange(sent, signal, MAX_KEPT_BODY_BYTES);
      await jar.store(([] as string[]).concat(raw.headers['set-cookie'] ?? []), request.url, context);
      const location = raw.headers.location;
      const next = input.followRedirects ? redirectedRequest(request, raw.status, typeof location === 'string' ? location : undefined) : undefined;
      const stopped =
        next && input.beforeRedirect ? await asked(timeout, () => input.beforeRedirect!({ status: raw.status, from: request.url, request: next })) : undefined;
      if (!next || stopped !== undefined) return toResponse(raw, sent, redirects, Math.round(performance.now() - started), stopped);
      redirects.push({ method: sent.method, url: sent.url.href, status: raw.status, location: next.url.href, durationMs: Math.round(raw.timing.totalMs) });
      if (redirects.length > MAX_REDIRECTS) throw tooManyRedirects(redirects);
      request = next;
    }
  } catch (error) {
    input.signal?.throwIfAborted();
    if (error instanceof HttpRequestError) throw error;
    if (timeout.signal.aborted) throw new HttpRequestError(`timed out after ${timeoutMs} ms waiting for ${request.url.origin}`, 'timeout');
    throw describeNetworkFailure(error, request.url);
  } finally {
    timeout.clear();
  }
}

/** The time a person takes to answer is not the server's: the timeout waits meanwhile. */
async function asked<T>(timeout: PausableTimeout, question: () => Promise<T>): Promise<T> {
  timeout.pause();
  try {
    return await question();
  } finally {
    timeout.resume();
  }
}

async function withCookies(request: PreparedRequest, jar: CookieJar, context: SiteContext): Promise<PreparedRequest> {
  const cookie = await jar.header(request.url, request.headers.cookie, context);
  return cookie === undefined ? request : { ...request, headers: { ...request.headers, cookie } };
}

function toResponse(raw: RawResponse, sent: PreparedRequest, redirects: RedirectHop[], durationMs: number, redirectStopped?: string): HttpResponse {
  const contentType = String(raw.headers['content-type'] ?? '');
  const { text: body, note } = decodeBody(raw.bytes, raw.headers['content-encoding'], contentType);
  return {
    status: raw.status,
    statusText: STATUS_CODES[raw.status] ?? raw.statusMessage,
    headers: raw.headers,
    body,
    ...(note !== undefined && { bodyNote: note }),
    bodyTruncated: raw.truncated,
    binary: isBinaryBody(body, contentType),
    sizeBytes: raw.sizeBytes,
    durationMs,
    timing: raw.timing,
    redirects,
    ...(redirectStopped !== undefined && { redirectStopped }),
    request: { method: sent.method, url: sent.url.href, headers: sent.headers, body: typeof sent.body === 'string' ? sent.body : sent.body?.toString('utf8') },
  };
}
