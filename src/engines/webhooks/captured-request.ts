import type http from 'node:http';

/** One request a webhook listener received. Secret header values are masked when it is recorded. */
export interface CapturedRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** As text (UTF-8), at most MAX_KEPT_BODY_BYTES of it. */
  body: string;
  sizeBytes: number;
  receivedAt: Date;
}

export const MAX_KEPT_BODY_BYTES = 256 * 1024;

const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key', 'api-key', 'x-auth-token']);

export function captureRequest(req: http.IncomingMessage, url: URL, body: { text: string; size: number }, receivedAt: Date): CapturedRequest {
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: readQuery(url.searchParams),
    headers: readHeaders(req.headers),
    body: body.text,
    sizeBytes: body.size,
    receivedAt,
  };
}

export async function readBody(req: http.IncomingMessage): Promise<{ text: string; size: number }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    if (size < MAX_KEPT_BODY_BYTES) chunks.push(chunk.subarray(0, MAX_KEPT_BODY_BYTES - size));
    size += chunk.length;
  }
  return { text: Buffer.concat(chunks).toString('utf8'), size };
}

function readQuery(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    query[name] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

function readHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    result[name] = SECRET_HEADERS.has(name) ? maskHeaderValue(text) : text;
  }
  return result;
}

/** `Bearer abc` → `Bearer ***`: the scheme tells the reader what was sent, the value is nobody's business. */
function maskHeaderValue(value: string): string {
  const scheme = /^(bearer|basic|digest|token)\s+/i.exec(value)?.[0] ?? '';
  return `${scheme}***`;
}
