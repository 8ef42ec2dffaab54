import type { ParamMap, ParamValue } from '../../http/prepare-request.js';

/**
 * Parameter values as OpenAPI's default styles put them on the wire: `simple` for path and header
 * (`a,b`; an object as `key,value,…`), `form` with `explode` for the query (a list repeats the
 * key, an object's properties become parameters of their own).
 */
export function pathOrHeaderText(value: unknown): string {
  if (Array.isArray(value)) return value.map(scalarText).join(',');
  if (isPlainObject(value))
    return Object.entries(value)
      .flatMap(([key, item]) => [key, scalarText(item)])
      .join(',');
  return scalarText(value);
}

/** The path parameter value: kept as a number or boolean when it is one. */
export function pathValue(value: unknown): ParamValue {
  return typeof value === 'number' || typeof value === 'boolean' ? value : pathOrHeaderText(value);
}

/** Adds one query parameter to `query`. */
export function addQueryValue(query: ParamMap, name: string, value: unknown): void {
  if (Array.isArray(value)) query[name] = value.map(scalarValue);
  else if (isPlainObject(value)) for (const [key, item] of Object.entries(value)) query[key] = scalarValue(item);
  else query[name] = scalarValue(value);
}

/** `a=1; b=2` for a Cookie header. */
export function cookieHeader(cookies: Array<[string, unknown]>): string {
  return cookies.map(([name, value]) => `${name}=${encodeURIComponent(pathOrHeaderText(value))}`).join('; ');
}

function scalarValue(value: unknown): ParamValue {
  return typeof value === 'number' || typeof value === 'boolean' ? value : scalarText(value);
}

function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
