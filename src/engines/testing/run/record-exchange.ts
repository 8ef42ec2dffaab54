import type { PreparedRequest } from '../../http/prepare-request.js';
import { describeServerWords } from '../../api-server/describe-server-log.js';
import type { HttpResponse } from '../../http/send-request.js';
import { MAX_RECORDED_BODY_CHARS, type RecordedRequest, type RecordedResponse } from '../test-run.js';
import { maskHeaders, maskHeaderValue } from '../../../safety/mask-headers.js';
import { maskText } from '../../../safety/mask-text.js';
import type { SecretRegistry } from '../../../safety/secret-registry.js';

/** Room kept past the cut before masking, so that a secret astride the cut is masked whole. */
const MASK_MARGIN_CHARS = 1024;

/** The request as it goes on the wire, secrets masked (registered values; headers, URL query and body by shape). */
export function recordRequest(
  request: Pick<PreparedRequest, 'method' | 'headers' | 'body'> & { url: URL | string },
  secrets?: SecretRegistry,
): RecordedRequest {
  return {
    method: request.method,
    url: maskText(String(request.url), { secrets }),
    headers: maskHeaders(request.headers, { secrets }),
    ...(request.body !== undefined && { body: maskText(request.body.toString(), { secrets }) }),
  };
}

/** The response as a report keeps it: secrets masked, the body cut at MAX_RECORDED_BODY_CHARS with a note. */
export function recordResponse(response: HttpResponse, secrets?: SecretRegistry): RecordedResponse {
  const headers = Object.fromEntries(
    Object.entries(response.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.map((item) => maskHeaderValue(name, item, { secrets })) : maskHeaderValue(name, value, { secrets }),
    ]),
  );
  const serverLog = describeServerWords(response.serverLog, response.serverNotes).map((line) => maskText(line, { secrets }));
  return {
    status: response.status,
    statusText: response.statusText,
    headers,
    body: recordedBody(response, secrets),
    durationMs: response.durationMs,
    ...(serverLog.length > 0 && { serverLog }),
  };
}

function recordedBody(response: HttpResponse, secrets: SecretRegistry | undefined): string {
  if (response.binary) {
    const contentType = String(response.headers['content-type'] ?? 'no content-type');
    return `(binary body, ${response.sizeBytes} bytes, ${contentType} — not kept)`;
  }
  const masked = maskText(response.body.slice(0, MAX_RECORDED_BODY_CHARS + MASK_MARGIN_CHARS), { secrets });
  if (response.body.length <= MAX_RECORDED_BODY_CHARS && !response.bodyTruncated) return masked;
  const size = response.bodyTruncated ? `${response.sizeBytes} bytes` : `${response.body.length} characters`;
  return `${masked.slice(0, MAX_RECORDED_BODY_CHARS)}\n… (cut at ${MAX_RECORDED_BODY_CHARS} characters; the body has ${size})`;
}
