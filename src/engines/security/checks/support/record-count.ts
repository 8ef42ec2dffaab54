import { type ScanResponse, jsonBody } from '../../scan-exchange.js';

/** Where APIs put the list in an object answer (`{items: [...], total}`), the likeliest first. */
const LIST_FIELDS = ['items', 'data', 'results', 'records', 'rows', 'content', 'hits', 'entries', 'list', 'value'];

/**
 * How many records a 2xx JSON answer lists: a top-level array, or the array an object holds in a
 * list field (or its only array); undefined for anything else.
 */
export function recordCount(response: ScanResponse): number | undefined {
  if (response.status < 200 || response.status >= 300) return undefined;
  const body = jsonBody(response);
  if (Array.isArray(body)) return body.length;
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const named = LIST_FIELDS.map((field) => record[field]).find(Array.isArray);
  const arrays = Object.values(record).filter(Array.isArray);
  return (named ?? (arrays.length === 1 ? arrays[0] : undefined))?.length;
}
