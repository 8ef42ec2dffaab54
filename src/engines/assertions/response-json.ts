import { JsonTooDeepError } from '../http/json-nesting.js';
import type { StoredResponse } from '../http/response-store.js';
import { type JsonDocument, parseJsonDocument } from './exact-json.js';

export type ResponseJson = { ok: true; document: JsonDocument } | { ok: false; reason: string };

/** The body as exact JSON, or why it is not JSON (said so that the model can tell what it got instead). */
export function readResponseJson(response: StoredResponse): ResponseJson {
  if (response.body.trim() === '') return { ok: false, reason: 'the body is empty' };
  try {
    return { ok: true, document: parseJsonDocument(response.body) };
  } catch (error) {
    if (error instanceof JsonTooDeepError) return { ok: false, reason: `the body is ${error.message}` };
    const contentType = headerValues(response, 'content-type')[0];
    const type = contentType ? ` (content-type ${contentType})` : '';
    return { ok: false, reason: `the body is not JSON${type}: ${(error as Error).message}` };
  }
}

/** Values of a header, any case of its name; repeated headers give several. */
export function headerValues(response: StoredResponse, name: string): string[] {
  const wanted = name.toLowerCase();
  return Object.entries(response.headers).flatMap(([key, value]) => (key.toLowerCase() === wanted ? ([] as string[]).concat(value) : []));
}
