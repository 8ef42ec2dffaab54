import { maskSecrets } from '../../workspace/mask-secrets.js';
import { maskHeaders } from './mask-headers.js';
import type { StoredResponse } from './response-store.js';
import type { HttpResponse } from './send-request.js';

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
      url: maskSecrets(request.url),
      headers: maskHeaders(request.headers),
      ...(request.body !== undefined && { body: maskSecrets(request.body) }),
    },
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    body: response.binary ? `(binary body, ${response.sizeBytes} bytes, ${contentType} — not kept)` : response.body,
    durationMs: response.durationMs,
    sizeBytes: response.sizeBytes,
    receivedAt,
  };
}
