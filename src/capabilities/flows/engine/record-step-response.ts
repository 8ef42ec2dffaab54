import { maskText } from '../../../safety/mask-text.js';
import type { SecretRegistry } from '../../../safety/secret-registry.js';
import type { HttpResponse } from '../../../engines/http/send-request.js';
import type { StepResult } from './flow-run.js';

/** A step keeps this much of a response body: enough to see why it failed. */
export const KEPT_BODY_CHARS = 2_000;
/** Masked past the cut too, so that a secret astride it is masked whole. */
const MASK_MARGIN_CHARS = 1_024;

/** The response as a step result keeps it: the body masked and cut at KEPT_BODY_CHARS with a note (headers are masked with the rest). */
export function recordStepResponse(response: HttpResponse, secrets: SecretRegistry): NonNullable<StepResult['response']> {
  const { status, headers } = response;
  if (response.binary) return { status, headers, body: `(binary body, ${response.sizeBytes} bytes, ${String(headers['content-type'] ?? 'no content-type')})` };
  const masked = maskText(response.body.slice(0, KEPT_BODY_CHARS + MASK_MARGIN_CHARS), { secrets });
  if (response.body.length <= KEPT_BODY_CHARS && !response.bodyTruncated) return { status, headers, body: masked };
  return { status, headers, body: `${masked.slice(0, KEPT_BODY_CHARS)}\n… (cut at ${KEPT_BODY_CHARS} characters of ${response.sizeBytes} bytes)` };
}
