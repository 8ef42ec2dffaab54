import type { ServerLogExcerpt } from './server-log-excerpt.js';

export type HttpFailure = 'invalid_request' | 'timeout' | 'connection_refused' | 'dns' | 'connection_reset' | 'tls' | 'redirects' | 'network';

/** A request that got no usable response, with a message a person can act on. */
export class HttpRequestError extends Error {
  override name = 'HttpRequestError';
  /** A request to the API whose server Falcon knows: what the server printed while it went unanswered. */
  serverLog?: ServerLogExcerpt;
  /** What to know about it: the server may still have run the old code, … */
  serverNotes?: string[];
  constructor(
    message: string,
    readonly failure: HttpFailure,
  ) {
    super(message);
  }
}

/** Turns a socket or parser error into what went wrong, in words. */
export function describeNetworkFailure(error: unknown, url: URL): HttpRequestError {
  const code = (error as NodeJS.ErrnoException)?.code ?? '';
  const message = (error as Error)?.message ?? String(error);
  const target = url.origin;
  if (code === 'ECONNREFUSED') {
    return new HttpRequestError(`could not connect to ${target}: connection refused — is the server running?`, 'connection_refused');
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new HttpRequestError(`could not resolve host ${url.hostname} — check the URL or your network`, 'dns');
  }
  if (code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return new HttpRequestError(`could not connect to ${target}: ${code}`, 'network');
  }
  if (code === 'ECONNRESET' || code === 'EPIPE') {
    return new HttpRequestError(`${target} closed the connection before a complete response (${message})`, 'connection_reset');
  }
  if (/CERT|SSL|TLS/i.test(code)) return new HttpRequestError(`TLS problem with ${target}: ${message}`, 'tls');
  if (/^ERR_(INVALID_HTTP_TOKEN|INVALID_CHAR|UNESCAPED_CHARACTERS|HTTP_INVALID_HEADER_VALUE|INVALID_ARG)/.test(code)) {
    return new HttpRequestError(`invalid request: ${message}`, 'invalid_request');
  }
  if (code.startsWith('HPE_')) return new HttpRequestError(`${target} sent a malformed HTTP response (${message})`, 'network');
  return new HttpRequestError(`request to ${target} failed: ${message}`, 'network');
}
