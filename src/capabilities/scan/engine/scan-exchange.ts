import type { CaseRequest } from '../../../engines/testing/test-case.js';
import type { RecordedRequest } from '../../../engines/testing/test-run.js';

/**
 * A request a check sends, as `falcon test` describes one: a path template relative to the base
 * URL with its `pathParams`, `query`, `headers` and a JSON `body` (or text with `contentType`).
 * Checks change the values of a valid request to probe an operation.
 */
export interface ScanRequest extends CaseRequest {
  /** Give up after this long; default the scan's timeout. */
  timeoutMs?: number;
}

export interface ScanResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
  durationMs: number;
}

/** What was sent and what came back: the evidence a finding carries. */
export interface ScanExchange {
  request: RecordedRequest;
  response: ScanResponse;
}

/** The body parsed as JSON, or undefined. */
export function jsonBody(response: ScanResponse): unknown {
  try {
    return JSON.parse(response.body) as unknown;
  } catch {
    return undefined;
  }
}

export function headerValue(response: ScanResponse, name: string): string | undefined {
  const value = response.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}
