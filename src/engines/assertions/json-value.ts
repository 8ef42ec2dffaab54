import { compareNumber, isInteger, splitNumber } from 'lossless-json';
import { isExactNumber, isJsonObject, stringifyExactJson, toExactJson } from './exact-json.js';

export const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'] as const;
export type JsonType = (typeof JSON_TYPES)[number];

/** The JSON type of an exact value; whole numbers are `integer` (an integer is also a number). */
export function jsonTypeOf(value: unknown): JsonType {
  if (value === null || value === undefined) return 'null';
  if (isExactNumber(value)) return isWholeNumber(value.toString()) ? 'integer' : 'number';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  return typeof value === 'boolean' ? 'boolean' : 'string';
}

/** 1.0 and 1e3 are whole numbers, as JSON Schema counts them. */
function isWholeNumber(text: string): boolean {
  const { digits, exponent } = splitNumber(text);
  return digits === '0' || digits.length - 1 <= exponent;
}

export function hasJsonType(value: unknown, type: JsonType): boolean {
  const actual = jsonTypeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

/** The written digits of a number, exact or plain; undefined for anything else. */
export function numberText(value: unknown): string | undefined {
  if (isExactNumber(value)) return value.toString();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** -1, 0 or 1 by exact decimal value; undefined when either side is not a number. */
export function compareNumbers(a: unknown, b: unknown): number | undefined {
  const left = numberText(a);
  const right = numberText(b);
  if (left === undefined || right === undefined) return undefined;
  return compareNumber(left, right);
}

/** Whether two numbers differ by at most `tolerance` (exact for integers of any size). */
export function numbersWithin(a: string, b: string, tolerance: number): boolean {
  if (compareNumber(a, b) === 0) return true;
  if (isInteger(a) && isInteger(b) && Number.isInteger(tolerance)) {
    const distance = BigInt(a) - BigInt(b);
    return (distance < 0n ? -distance : distance) <= BigInt(tolerance);
  }
  return Math.abs(Number(a) - Number(b)) <= tolerance;
}

/** Deep equality of JSON values; numbers by exact value (1.0 equals 1), objects regardless of key order. */
export function jsonEquals(a: unknown, b: unknown): boolean {
  const numbers = compareNumbers(a, b);
  if (numbers !== undefined) return numbers === 0;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => jsonEquals(item, b[index]));
  if (isJsonObject(a) && isJsonObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && jsonEquals(a[key], b[key]));
  }
  return a === b;
}

/** Whether `actual` holds everything `expected` names: objects by subset of fields, the rest by equality. */
export function jsonIncludes(actual: unknown, expected: unknown): boolean {
  if (isJsonObject(actual) && isJsonObject(expected)) {
    return Object.entries(expected).every(([key, value]) => Object.hasOwn(actual, key) && jsonIncludes(actual[key], value));
  }
  return jsonEquals(actual, expected);
}

const MAX_SHOWN_CHARS = 160;

/** Compact JSON for a message, numbers as written, cut to about `max` characters. */
export function formatJsonValue(value: unknown, max = MAX_SHOWN_CHARS): string {
  if (value === undefined) return '(nothing)';
  const text = stringifyExactJson(toExactJson(value));
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`;
}
