import type { IncomingMessage } from 'node:http';

/** Like Express's json parser by default: larger bodies get 413. */
export const MAX_BODY_BYTES = 100 * 1024;

export type BoundedBody = { ok: true; value: unknown } | { ok: false; reason: 'too-large' | 'media-type' | 'syntax'; detail?: string };

/**
 * The body parsed as JSON, refused past `limitBytes` (read to its end all the same, so the client
 * gets the answer rather than a reset connection).
 */
export async function readBoundedJson(req: IncomingMessage, limitBytes = MAX_BODY_BYTES): Promise<BoundedBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= limitBytes) chunks.push(chunk as Buffer);
  }
  if (size > limitBytes) return { ok: false, reason: 'too-large' };
  const mediaType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') return { ok: false, reason: 'media-type' };
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown };
  } catch (error) {
    return { ok: false, reason: 'syntax', detail: String(error) };
  }
}
