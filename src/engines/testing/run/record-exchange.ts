import { maskHeaderValue, maskHeaders } from '../../http/mask-headers.js';
import type { PreparedRequest } from '../../http/prepare-request.js';
import type { HttpResponse } from '../../http/send-request.js';
import { maskSecrets } from '../../../workspace/mask-secrets.js';
import { MAX_RECORDED_BODY_CHARS, type RecordedRequest, type RecordedResponse } from '../test-run.js';

/** Room kept past the cut before masking, so that a secret astride the cut is masked whole. */
const MASK_MARGIN_CHARS = 1024;

/** The request as it goes on the wire, secrets masked (headers, URL query, body). */
export function recordRequest(request: Pick<PreparedRequest, 'method' | 'headers' | 'body'> & { url: URL | string }): RecordedRequest {
  return {
    method: request.method,
    url: maskSecrets(String(request.url)),
    headers: maskHeaders(request.headers),
    ...(request.body !== undefined && { body: maskSecrets(request.body) }),
  };
}

/** The response as a report keeps it: secrets masked, the body cut at MAX_RECORDED_BODY_CHARS with a note. */
export function recordResponse(response: HttpResponse): RecordedResponse {
  const headers = Object.fromEntries(
    Object.entries(response.headers).map(([name, value]) => [name, Array.isArray(value) ? value.map((item) => maskHeaderValue(name, item)) : maskHeaderValue(name, value)]),
  );
  return { status: response.status, statusText: response.statusText, headers, body: recordedBody(response), durationMs: response.durationMs };
}

function recordedBody(response: HttpResponse): string {
  if (response.binary) {
    const contentType = String(response.headers['content-type'] ?? 'no content-type');
    return `(binary body, ${response.sizeBytes} bytes, ${contentType} — not kept)`;
  }
  const masked = maskSecrets(response.body.slice(0, MAX_RECORDED_BODY_CHARS + MASK_MARGIN_CHARS));
  if (response.body.length <= MAX_RECORDED_BODY_CHARS && !response.bodyTruncated) return masked;
  const size = response.bodyTruncated ? `${response.sizeBytes} bytes` : `${response.body.length} characters`;
  return `${masked.slice(0, MAX_RECORDED_BODY_CHARS)}\n… (cut at ${MAX_RECORDED_BODY_CHARS} characters; the body has ${size})`;
}
