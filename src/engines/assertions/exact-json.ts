import { LosslessNumber, isLosslessNumber, parse, stringify } from 'lossless-json';
import { refuseDeepJson } from '../http/json-nesting.js';

/**
 * JSON whose numbers are kept as written (`LosslessNumber`), so 12345678901234567890 and
 * 0.1000000000000000055 survive extraction, comparison and baselines. `plain` is the same document
 * with ordinary JS numbers, for libraries that need them (JSONPath filters, ajv).
 */
export interface JsonDocument {
  exact: unknown;
  plain: unknown;
}

export class JsonSyntaxError extends Error {
  override name = 'JsonSyntaxError';
}

/**
 * Parses JSON text exactly; a repeated key keeps its last value, as `JSON.parse` does. Text nested
 * deeper than MAX_JSON_DEPTH throws JsonTooDeepError unread.
 */
export function parseExactJson(text: string): unknown {
  refuseDeepJson(text);
  try {
    return parse(text, null, { onDuplicateKey: ({ newValue }) => newValue });
  } catch (error) {
    throw new JsonSyntaxError((error as Error).message);
  }
}

export function parseJsonDocument(text: string): JsonDocument {
  const exact = parseExactJson(text);
  return { exact, plain: toPlainJson(exact) };
}

/** The same value with `LosslessNumber`s turned into JS numbers (large ones lose digits). */
export function toPlainJson(value: unknown): unknown {
  if (isLosslessNumber(value)) return Number(value.toString());
  if (Array.isArray(value)) return value.map(toPlainJson);
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toPlainJson(item)]));
  return value;
}

/** A JS value as exact JSON: numbers become `LosslessNumber`s (needed before comparing with parsed bodies). */
export function toExactJson(value: unknown): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? new LosslessNumber(String(value)) : null;
  if (typeof value === 'bigint') return new LosslessNumber(value.toString());
  if (Array.isArray(value)) return value.map(toExactJson);
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toExactJson(item)]));
  return value;
}

export function stringifyExactJson(value: unknown, indent?: number): string {
  return stringify(value, undefined, indent) ?? 'null';
}

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value);
}

export { isLosslessNumber as isExactNumber };
