import { type AssertionResult, assertResponse } from '../assertions/assert-response.js';
import type { StoredResponse } from '../http/response-store.js';

/** What a message must hold to count: JSONPath → expected value or operator object, text it contains. */
export interface MessageExpectations {
  jsonPath?: Record<string, unknown>;
  contains?: string[];
}

/** Each expectation checked against one message, by the same assertions engine a response goes through. */
export function checkMessage(text: string, expectations: MessageExpectations): AssertionResult[] {
  return assertResponse(messageAsResponse(text), {
    ...(expectations.jsonPath && { jsonPath: expectations.jsonPath }),
    ...(expectations.contains && { bodyContains: expectations.contains }),
  });
}

/** A message seen as the body of a response, the only part JSONPath and body checks read. */
export function messageAsResponse(text: string): StoredResponse {
  return {
    request: { method: 'GET', url: '', headers: {} },
    status: 101,
    statusText: 'Switching Protocols',
    headers: { 'content-type': 'application/json' },
    body: text,
    durationMs: 0,
    sizeBytes: Buffer.byteLength(text),
    receivedAt: new Date(),
  };
}
