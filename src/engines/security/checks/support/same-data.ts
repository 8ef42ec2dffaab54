import { jsonBody, type ScanResponse } from '../../scan-exchange.js';
import { hasData } from './owner-data.js';

/** How deep two JSON bodies are compared by shape: deep enough to tell an error envelope from data. */
const SHAPE_DEPTH = 4;

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** A 2xx whose body holds something: not empty, not `[]` or `{}`, not only nulls and empty strings. */
export function answeredWithData(response: ScanResponse): boolean {
  if (!isSuccess(response.status) || response.body.trim() === '') return false;
  const json = jsonBody(response);
  return json === undefined || hasData(json);
}

/**
 * The probe was answered like the identity's own call: both 2xx with data, of the same shape (the
 * same keys and value types, to SHAPE_DEPTH; the same text when the body is not JSON). A 2xx
 * error envelope (`{"error": "unauthorized"}`) or an empty list is not the same data.
 */
export function sameData(expected: ScanResponse, probe: ScanResponse): boolean {
  if (!answeredWithData(expected) || !answeredWithData(probe)) return false;
  const expectedJson = jsonBody(expected);
  if (expectedJson === undefined) return probe.body === expected.body;
  return JSON.stringify(shapeOf(jsonBody(probe), SHAPE_DEPTH)) === JSON.stringify(shapeOf(expectedJson, SHAPE_DEPTH));
}

/** Keys and types, not values: ids, times and names differ between calls, an envelope's keys do not. */
function shapeOf(value: unknown, depth: number): unknown {
  if (Array.isArray(value)) return value.length === 0 || depth === 0 ? [] : [shapeOf(value[0], depth - 1)];
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  if (depth === 0) return 'object';
  const record = value as Record<string, unknown>;
  return Object.fromEntries(Object.keys(record).sort().map((key) => [key, shapeOf(record[key], depth - 1)]));
}
