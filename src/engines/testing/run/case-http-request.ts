import { type MultipartFields, type MultipartValue, encodeMultipart } from '../../http/multipart-body.js';
import type { RequestParts } from '../../http/prepare-request.js';
import type { CaseRequest } from '../test-case.js';
import { isJsonMediaType } from '../checks/media-type.js';
import { runHeadersWithout } from './without-credentials.js';

const PATH_PARAMETER = /\{([^{}]+)\}/g;
const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

/** A case that cannot become a request (a placeholder with no value, a path parameter missing): nothing is sent. */
export class CaseRequestError extends Error {
  override name = 'CaseRequestError';
}

/**
 * The HTTP request a case makes (its placeholders already filled): the base URL and the path with
 * `{name}` from pathParams (URL-encoded), the run's headers (less the credentials the request goes
 * without) then the case's (names in lower case), and the body encoded for its content type: JSON by default, form fields from an object, text as is (JSON's too when `bodyIsText`).
 */
export function caseRequestParts(request: CaseRequest, baseUrl: string, runHeaders: Record<string, string> = {}): RequestParts {
  const headers = mergeHeaders(runHeadersWithout(runHeaders, request.withoutCredentials), request.headers ?? {});
  const parts: RequestParts = { method: request.method.toUpperCase(), url: joinUrl(baseUrl, fillPath(request.path, request.pathParams ?? {})), headers };
  if (request.query) parts.query = request.query;
  if (request.body !== undefined) {
    const contentType = request.contentType ?? headers['content-type'] ?? 'application/json';
    if (MULTIPART.test(contentType) && isFields(request.body)) {
      // The encoder names the content type, with its boundary.
      delete headers['content-type'];
      parts.multipart = multipartFields(request.body, request.files ?? {});
    } else {
      headers['content-type'] ??= contentType;
      parts.body = request.bodyIsText === true && typeof request.body === 'string' ? request.body : encodeBody(request.body, contentType);
    }
  }
  return parts;
}

/**
 * The parts with a multipart body encoded (FormData: a random boundary, names escaped) into the
 * text sent, so that what is recorded and what is sent are the same bytes.
 */
export async function withEncodedMultipart(parts: RequestParts): Promise<RequestParts> {
  if (parts.multipart === undefined) return parts;
  const { multipart, ...rest } = parts;
  const encoded = await encodeMultipart(multipart);
  return { ...rest, headers: { ...rest.headers, 'content-type': encoded.contentType }, body: encoded.bytes.toString('utf8') };
}

const MULTIPART = /^multipart\/form-data\b/i;

function isFields(body: unknown): body is Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body);
}

/** Each field as text (objects as JSON), a named file where the case says; arrays repeat the field. */
function multipartFields(body: Record<string, unknown>, files: NonNullable<CaseRequest['files']>): MultipartFields {
  const fields: MultipartFields = {};
  for (const [name, value] of Object.entries(body)) {
    const file = files[name];
    const part = (item: unknown): MultipartValue =>
      file ? { filename: file.filename, content: fieldText(item), ...(file.contentType && { contentType: file.contentType }) } : fieldText(item);
    fields[name] = Array.isArray(value) ? value.map(part) : part(value);
  }
  return fields;
}

/** Later maps win, whatever the case of a name. */
export function mergeHeaders(...maps: Array<Record<string, string>>): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const map of maps) for (const [name, value] of Object.entries(map)) merged[name.toLowerCase()] = value;
  return merged;
}

export function joinUrl(baseUrl: string, path: string): string {
  if (path === '') return baseUrl;
  return `${baseUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

function fillPath(path: string, params: Record<string, string | number | boolean>): string {
  return path.replace(PATH_PARAMETER, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new CaseRequestError(`path parameter {${name}} of ${path} has no value in pathParams`);
    return encodeURIComponent(String(value));
  });
}

function encodeBody(body: unknown, contentType: string): string {
  if (isJsonMediaType(contentType)) return JSON.stringify(body);
  if (typeof body === 'string') return body;
  if (contentType.toLowerCase().startsWith(FORM_MEDIA_TYPE) && body && typeof body === 'object' && !Array.isArray(body))
    return formFields(body as Record<string, unknown>);
  return JSON.stringify(body);
}

/** Arrays repeat the field (`tag=a&tag=b`); objects go as JSON text. */
function formFields(fields: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, fieldText(item));
  }
  return form.toString();
}

function fieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
