import { type MaskOptions, maskText } from './mask-text.js';

/** A copy of a JSON-like value (an event, a session record) with every string in it masked as maskText does. */
export function maskStructured<T>(value: T, options: MaskOptions = {}): T {
  if (options.shapes === false && !options.secrets?.size) return value;
  return mapStrings(value, (text) => maskText(text, options));
}

/** A copy of a JSON-like value with every string in it (not its keys) passed through `map`: another masking of text. */
export function mapStrings<T>(value: T, map: (text: string) => string): T {
  return mapEach(value, map) as T;
}

function mapEach(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapEach(item, map));
  if (value !== null && typeof value === 'object' && isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapEach(item, map)]));
  }
  return value;
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
