import type { StoredResponse } from '../http/response-store.js';
import { isJsonObject, stringifyExactJson } from './exact-json.js';
import { queryJsonPath } from './json-path.js';
import { numberText } from './json-value.js';
import { headerValues, readResponseJson } from './response-json.js';
import { parseTextPattern } from './text-pattern.js';

export type ExtractionSource = { jsonPath: string } | { header: string } | { cookie: string } | { regex: string };

export interface ExtractedValue {
  /** The value as a variable holds it: strings as they are, numbers as written, other JSON compact. */
  text: string;
  /** How many values a JSONPath matched (several are kept as a JSON array). */
  matches: number;
}

/** A value that is not there; the message says what is there instead. */
export class ExtractionError extends Error {
  override name = 'ExtractionError';
}

export function extractValue(response: StoredResponse, source: ExtractionSource): ExtractedValue {
  if ('jsonPath' in source) return fromJsonPath(response, source.jsonPath);
  if ('header' in source) return { text: fromHeader(response, source.header), matches: 1 };
  if ('cookie' in source) return { text: fromCookie(response, source.cookie), matches: 1 };
  return { text: fromRegex(response, source.regex), matches: 1 };
}

function fromJsonPath(response: StoredResponse, path: string): ExtractedValue {
  const body = readResponseJson(response);
  if (!body.ok) throw new ExtractionError(`Cannot use a JSONPath: ${body.reason}.`);
  const { matches, definite } = queryJsonPath(body.document, path);
  if (matches.length === 0) throw new ExtractionError(`Nothing at ${path} in the body${describeTopLevel(body.document.exact)}.`);
  const value = definite || matches.length === 1 ? matches[0]?.value : matches.map((match) => match.value);
  return { text: jsonValueText(value), matches: matches.length };
}

/** Strings as they are, numbers with every digit as written, anything else as compact JSON. */
export function jsonValueText(value: unknown): string {
  if (typeof value === 'string') return value;
  return numberText(value) ?? stringifyExactJson(value);
}

function describeTopLevel(value: unknown): string {
  if (Array.isArray(value)) return ` (the body is an array of ${value.length} item${value.length === 1 ? '' : 's'})`;
  if (!isJsonObject(value)) return ` (the body is ${stringifyExactJson(value).slice(0, 40)})`;
  const keys = Object.keys(value);
  return keys.length === 0 ? ' (the body is an empty object)' : ` (its top-level keys: ${keys.slice(0, 20).join(', ')})`;
}

function fromHeader(response: StoredResponse, name: string): string {
  const values = headerValues(response, name);
  if (values.length === 0) throw new ExtractionError(`No header "${name}" in the response (headers: ${Object.keys(response.headers).join(', ') || 'none'}).`);
  return values.join(', ');
}

function fromCookie(response: StoredResponse, name: string): string {
  const cookies = headerValues(response, 'set-cookie').map((cookie) => {
    const pair = cookie.split(';')[0] ?? '';
    const equals = pair.indexOf('=');
    return {
      name: pair.slice(0, equals).trim(),
      value: pair
        .slice(equals + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    };
  });
  const found = cookies.filter((cookie) => cookie.name === name).at(-1);
  if (found) return found.value;
  const names = cookies.map((cookie) => cookie.name).join(', ');
  throw new ExtractionError(`The response sets no cookie "${name}" (${names ? `it sets: ${names}` : 'it sets none'}).`);
}

/** The named group `value`, else the first group, else the whole match. */
function fromRegex(response: StoredResponse, source: string): string {
  const match = parseTextPattern(source).exec(response.body);
  if (!match) throw new ExtractionError(`The regular expression ${source} matches nothing in the body (${response.body.length} chars).`);
  return match.groups?.value ?? match[1] ?? match[0];
}
