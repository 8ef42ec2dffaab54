import type { StoredResponse } from './response-store.js';
import type { HttpResponse } from './send-request.js';
import { maskHeaders } from '../../safety/mask-headers.js';
import { maskText } from '../../safety/mask-text.js';

/**
 * The exchange as the other tools keep it. The response stays whole (extract_value needs the real
 * token a login returns); the request, only ever shown, is kept masked.
 */
export function toStoredResponse(response: HttpResponse, receivedAt = new Date()): StoredResponse {
  const { request } = response;
  const contentType = String(response.headers['content-type'] ?? 'no content-type');
  return {
    request: {
      method: request.method,
      url: maskText(request.url),
      headers: maskHeaders(request.headers),
      ...(request.body !== undefined && { body: maskText(request.body) }),
    },
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    body: response.binary ? `(binary body, ${response.sizeBytes} bytes, ${contentType} — not kept)` : response.body,
    durationMs: response.durationMs,
    sizeBytes: response.sizeBytes,
    receivedAt,
    ...(response.serverLog?.raw && { serverLogText: response.serverLog.raw }),
  };
}
