import { type MaskOptions, maskText } from './mask-text.js';

/** A copy of a JSON-like value (an event, a session record) with every string in it masked as maskText does. */
export function maskStructured<T>(value: T, options: MaskOptions = {}): T {
  if (options.shapes === false && !options.secrets?.size) return value;
  return maskEach(value, options) as T;
}

function maskEach(value: unknown, options: MaskOptions): unknown {
  if (typeof value === 'string') return maskText(value, options);
  if (Array.isArray(value)) return value.map((item) => maskEach(item, options));
  if (value !== null && typeof value === 'object' && isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskEach(item, options)]));
  }
  return value;
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
