import type { StoredResponse } from '../../../src/engines/http/response-store.js';

export interface ResponseParts {
  status?: number;
  statusText?: string;
  headers?: Record<string, string | string[]>;
  /** A string is the body as it came; anything else is written as JSON (content-type application/json). */
  body?: unknown;
  durationMs?: number;
  url?: string;
}

/** A stored response as http_request keeps it, for tests that fill the session's store themselves. */
export function makeResponse(parts: ResponseParts = {}): StoredResponse {
  const json = parts.body !== undefined && typeof parts.body !== 'string';
  const body = json ? JSON.stringify(parts.body) : ((parts.body as string | undefined) ?? '');
  return {
    request: { method: 'GET', url: parts.url ?? 'http://127.0.0.1:9/things', headers: {} },
    status: parts.status ?? 200,
    statusText: parts.statusText ?? 'OK',
    headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...parts.headers },
    body,
    durationMs: parts.durationMs ?? 12,
    sizeBytes: Buffer.byteLength(body),
    receivedAt: new Date('2025-01-02T03:04:05Z'),
  };
}

/** A JSON response whose text is given as is (to keep numbers such as 12345678901234567890 exact). */
export function makeJsonText(text: string, parts: Omit<ResponseParts, 'body'> = {}): StoredResponse {
  return makeResponse({ ...parts, headers: { 'content-type': 'application/json; charset=utf-8', ...parts.headers }, body: text });
}
