import type { PreparedRequest } from '../../http/prepare-request.js';
import type { JsonSchema, SpecParameter } from '../../spec/spec-format.js';
import { pathValuesInUrl } from '../warnings/sent-path-values.js';

/** Whether a request sent a parameter, and the values it sent for it, as text (a list's items one by one). */
export interface SentParameter {
  present: boolean;
  values: string[];
}

const ABSENT: SentParameter = { present: false, values: [] };

/**
 * A parameter as it went on the wire, read back from the request: the query of its URL (a list
 * repeated, `tag=a&tag=b`, or joined, `tag=a,b`; an object's properties as parameters of their own
 * or `name[key]`), its headers (`a,b` for a list), its `Cookie` header, its path against the template.
 */
export function sentParameter(parameter: SpecParameter, request: Pick<PreparedRequest, 'url' | 'headers'>, template: string): SentParameter {
  const list = isList(parameter.schema);
  switch (parameter.in) {
    case 'query':
      return sentQuery(parameter, request.url.searchParams, list);
    case 'header': {
      const value = request.headers[parameter.name.toLowerCase()];
      return value === undefined ? ABSENT : { present: true, values: itemsOf(value, list) };
    }
    case 'cookie': {
      const value = cookies(request.headers.cookie).get(parameter.name);
      return value === undefined ? ABSENT : { present: true, values: itemsOf(value, list) };
    }
    case 'path': {
      const value = pathValuesInUrl(template, request.url.href)?.[parameter.name];
      return value === undefined ? ABSENT : { present: true, values: itemsOf(value, list) };
    }
  }
}

function sentQuery(parameter: SpecParameter, query: URLSearchParams, list: boolean): SentParameter {
  const values = query.getAll(parameter.name);
  if (values.length > 0) return { present: true, values: values.flatMap((value) => itemsOf(value, list)) };
  const keys = [...query.keys()];
  const properties = objectProperties(parameter.schema);
  const inObject = keys.some((key) => key.startsWith(`${parameter.name}[`) || properties.includes(key));
  return inObject ? { present: true, values: [] } : ABSENT;
}

function itemsOf(text: string, list: boolean): string[] {
  return list ? text.split(',') : [text];
}

function isList(schema: JsonSchema | undefined): boolean {
  return schema?.type === 'array' || (Array.isArray(schema?.type) && schema.type.includes('array'));
}

function objectProperties(schema: JsonSchema | undefined): string[] {
  const properties = schema?.properties;
  return properties && typeof properties === 'object' ? Object.keys(properties) : [];
}

/** `a=1; b=%20x` → a → 1, b → ` x`; the first of a repeated name. */
function cookies(header: string | undefined): Map<string, string> {
  const found = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    const name = pair.slice(0, at).trim();
    if (name && !found.has(name)) found.set(name, decoded(pair.slice(at + 1).trim()));
  }
  return found;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
