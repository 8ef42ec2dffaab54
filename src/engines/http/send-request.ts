import { STATUS_CODES } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export type HttpBody = string | Record<string, unknown> | unknown[];

export interface HttpRequestInput {
  method: string;
  /** Absolute http:// or https:// URL. */
  url: string;
  headers?: Record<string, string>;
  /** A string is sent as is; an object or array as JSON (content-type application/json unless given). */
  body?: HttpBody;
  /** Whole exchange, connect to last byte. Default DEFAULT_TIMEOUT_MS. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  statusText: string;
  /** Lower-case names; repeated headers such as set-cookie are arrays. */
  headers: Record<string, string | string[]>;
  /** Decoded as UTF-8 (after gzip/deflate/br decompression); at most MAX_KEPT_BODY_BYTES of it. */
  body: string;
  bodyTruncated: boolean;
  /** Bytes received, as sent over the wire. */
  sizeBytes: number;
  durationMs: number;
}

export type HttpFailure = 'invalid_request' | 'timeout' | 'connection_refused' | 'dns' | 'connection_reset' | 'tls' | 'network';

/** A request that got no response, with a message a person can act on. */
export class HttpRequestError extends Error {
  override name = 'HttpRequestError';
  constructor(
    message: string,
    readonly failure: HttpFailure,
  ) {
    super(message);
  }
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const MAX_KEPT_BODY_BYTES = 10 * 1024 * 1024;

/** Sends one request and reads the whole response. Redirects are not followed: a 3xx is an answer. */
export async function sendRequest(input: HttpRequestInput): Promise<HttpResponse> {
  const url = parseHttpUrl(input.url);
  const timeoutMs = input.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
  const { headers, body } = encodeBody(input.headers ?? {}, input.body);
  const started = performance.now();
  try {
    // undici is large: load it on the first request, not at start-up. It is CommonJS, so its
    // exports sit on `default` once bundled.
    const { request } = (await import('undici')).default;
    const response = await request(url, {
      method: input.method.toUpperCase() as 'GET',
      headers,
      body,
      signal,
      // undici's own limits (300 s) must not cut a longer timeout short.
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const received = await readBody(response.body);
    const responseHeaders = response.headers as Record<string, string | string[]>;
    return {
      status: response.statusCode,
      statusText: STATUS_CODES[response.statusCode] ?? '',
      headers: responseHeaders,
      body: decodeBody(received.bytes, responseHeaders['content-encoding'], received.truncated),
      bodyTruncated: received.truncated,
      sizeBytes: received.size,
      durationMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    input.signal?.throwIfAborted();
    if (timeout.aborted) throw new HttpRequestError(`timed out after ${timeoutMs} ms waiting for ${url.origin}`, 'timeout');
    throw describeFailure(error, url);
  }
}

function parseHttpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new HttpRequestError(`invalid URL: ${text} (give an absolute http:// or https:// URL)`, 'invalid_request');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HttpRequestError(`only http and https URLs are supported: ${text}`, 'invalid_request');
  }
  return url;
}

function encodeBody(headers: Record<string, string>, body: HttpBody | undefined) {
  if (body === undefined || typeof body === 'string') return { headers, body };
  const hasContentType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  return {
    headers: hasContentType ? headers : { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}

async function readBody(stream: AsyncIterable<Buffer>): Promise<{ bytes: Buffer; size: number; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let kept = 0;
  // Read to the end even past the cap, so that the size is true and the connection is reusable.
  for await (const chunk of stream) {
    size += chunk.length;
    if (kept >= MAX_KEPT_BODY_BYTES) continue;
    const part = chunk.subarray(0, MAX_KEPT_BODY_BYTES - kept);
    chunks.push(part);
    kept += part.length;
  }
  return { bytes: Buffer.concat(chunks), size, truncated: size > kept };
}

function decodeBody(bytes: Buffer, encoding: string | string[] | undefined, truncated: boolean): string {
  const decompress = { gzip: gunzipSync, 'x-gzip': gunzipSync, deflate: inflateSync, br: brotliDecompressSync }[
    String(encoding ?? '').trim().toLowerCase()
  ];
  if (!decompress || truncated) return bytes.toString('utf8');
  try {
    return decompress(bytes).toString('utf8');
  } catch {
    return bytes.toString('utf8');
  }
}

function describeFailure(error: unknown, url: URL): HttpRequestError {
  const code = (error as NodeJS.ErrnoException)?.code ?? '';
  const message = (error as Error)?.message ?? String(error);
  const target = url.origin;
  if (code === 'ECONNREFUSED') {
    return new HttpRequestError(`could not connect to ${target}: connection refused — is the server running?`, 'connection_refused');
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new HttpRequestError(`could not resolve host ${url.hostname} — check the URL or your network`, 'dns');
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return new HttpRequestError(`could not connect to ${target}: ${code === 'UND_ERR_CONNECT_TIMEOUT' ? 'connect timeout' : code}`, 'network');
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') {
    return new HttpRequestError(`${target} closed the connection before a complete response (${message})`, 'connection_reset');
  }
  if (/CERT|SSL|TLS/i.test(code)) return new HttpRequestError(`TLS problem with ${target}: ${message}`, 'tls');
  if (code === 'UND_ERR_INVALID_ARG') return new HttpRequestError(`invalid request: ${message}`, 'invalid_request');
  return new HttpRequestError(`request to ${target} failed: ${message}`, 'network');
}
