import { HttpRequestError } from './http-request-error.js';
import type { EncodedBody, MultipartFields } from './multipart-body.js';

export type HttpBody = string | Record<string, unknown> | unknown[];
export type ParamValue = string | number | boolean;
/** Query or form fields; an array repeats the key (`tag=a&tag=b`). */
export type ParamMap = Record<string, ParamValue | readonly ParamValue[]>;

/** A request as the caller describes it. */
export interface RequestParts {
  method: string;
  /** Absolute http:// or https:// URL. */
  url: string;
  headers?: Record<string, string>;
  /** Appended to the URL's own query. */
  query?: ParamMap;
  /** A string is sent as is; an object or array as JSON (content-type application/json unless given). */
  body?: HttpBody;
  /** Sent as application/x-www-form-urlencoded; not together with `body`. */
  form?: ParamMap;
  /** Sent as multipart/form-data, files included; not together with `body` or `form`. */
  multipart?: MultipartFields;
}

/** A request ready for the wire: header names in lower case, body encoded. */
export interface PreparedRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** Bytes for a multipart body (files may be binary). */
  body?: string | Buffer;
}

const DEFAULT_HEADERS = { 'user-agent': 'falcon', accept: '*/*' };
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** The request ready to send; a multipart body comes encoded (`encodeMultipart`), as encoding it takes a turn of the event loop. */
export function prepareRequest(parts: RequestParts, multipart?: EncodedBody): PreparedRequest {
  if ([parts.body, parts.form, parts.multipart].filter((given) => given !== undefined).length > 1) {
    throw new HttpRequestError(
      'give one of body, form and multipart: body is sent as it is (objects as JSON), form as application/x-www-form-urlencoded, multipart as multipart/form-data',
      'invalid_request',
    );
  }
  const method = parts.method.toUpperCase();
  const headers: Record<string, string> = { ...DEFAULT_HEADERS };
  for (const [name, value] of Object.entries(parts.headers ?? {})) headers[name.toLowerCase()] = value;
  if (parts.multipart !== undefined && !multipart)
    throw new HttpRequestError('a multipart body is sent encoded: encode it with encodeMultipart first', 'invalid_request');
  if (multipart) headers['content-type'] = multipart.contentType;
  const body = multipart?.bytes ?? encodeBody(headers, parts);
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  // Without a length Node would send an empty POST chunked, which some servers refuse.
  else if (METHODS_WITH_BODY.has(method)) headers['content-length'] = '0';
  return { method, url: withQuery(parseHttpUrl(parts.url), parts.query), headers, body };
}

export function parseHttpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new HttpRequestError(`invalid URL: ${text} (give an absolute http:// or https:// URL)`, 'invalid_request');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HttpRequestError(`only http and https URLs are supported: ${text}`, 'invalid_request');
  }
  return url;
}

function pairs(params: ParamMap): Array<[string, string]> {
  return Object.entries(params).flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map((item): [string, string] => [key, String(item)]));
}

/** Adds the parameters after the URL's own query, which is left exactly as written. */
function withQuery(url: URL, query: ParamMap | undefined): URL {
  const added = pairs(query ?? {}).map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  if (added.length > 0) url.search = `${url.search ? `${url.search}&` : '?'}${added.join('&')}`;
  return url;
}

function encodeBody(headers: Record<string, string>, parts: RequestParts): string | undefined {
  if (parts.form !== undefined) {
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
    return new URLSearchParams(pairs(parts.form)).toString();
  }
  if (parts.body === undefined || typeof parts.body === 'string') return parts.body;
  headers['content-type'] ??= 'application/json';
  return JSON.stringify(parts.body);
}
