import { jsonBody, type ScanExchange, type ScanResponse } from '../../scan-exchange.js';
import { recordCount } from '../support/answers.js';

/** Two answers are the same: the same status and the same body (JSON compared by value, so key order and spacing do not count). */
export function sameAnswer(a: ScanResponse, b: ScanResponse): boolean {
  if (a.status !== b.status) return false;
  if (a.body === b.body) return true;
  const json = jsonBody(a);
  return json !== undefined && JSON.stringify(json) === JSON.stringify(jsonBody(b));
}

/** Every answer to the same request was the same: an endpoint whose answers differ by themselves cannot be compared. */
export function isStable(exchanges: readonly ScanExchange[]): boolean {
  return exchanges.every((exchange) => sameAnswer(exchange.response, exchanges[0]!.response));
}

/** `HTTP 200 with 3 items`, `HTTP 500`, `HTTP 200 (812 bytes)`: an answer in a finding's title. */
export function describeAnswer(response: ScanResponse): string {
  const count = recordCount(response);
  if (count !== undefined) return `HTTP ${response.status} with ${count} item${count === 1 ? '' : 's'}`;
  return response.status >= 200 && response.status < 300 ? `HTTP ${response.status} (${Buffer.byteLength(response.body)} bytes)` : `HTTP ${response.status}`;
}
