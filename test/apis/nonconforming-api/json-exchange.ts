import type { IncomingMessage, ServerResponse } from 'node:http';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function sendError(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { error: message });
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; reason: 'media-type' | 'syntax' };

const MAX_BODY_BYTES = 1024 * 1024;

/** The request body parsed as JSON; `media-type` when it is not sent as application/json. */
export async function readJsonBody(req: IncomingMessage): Promise<JsonBody> {
  const text = await readText(req);
  const mediaType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') return { ok: false, reason: 'media-type' };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, reason: 'syntax' };
  }
}

/** Reads the whole body (the connection stays usable); past MAX_BODY_BYTES the rest is dropped. */
export async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (size <= MAX_BODY_BYTES) chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8');
}
