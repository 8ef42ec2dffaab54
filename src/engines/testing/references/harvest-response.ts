import { asObject } from '../../spec/json-values.js';
import type { SpecOperation } from '../../spec/spec-format.js';
import { jsonPathOf } from '../generate/chain-step.js';
import { pathParameterResource, pathResource, resourceKey } from './resource-names.js';

/** One value an answer held, with what it is: a field of a resource, found at a JSONPath of the body or in the Location header. */
export interface HarvestedValue {
  resource?: string;
  field: string;
  value: string | number;
  /** `$.id`, `$.data[2].customerId`; absent for the Location header. */
  jsonPath?: string;
}

/** Properties that wrap a list or an item rather than name another resource: `{"data": [...], "total": 3}`. */
const WRAPPERS = new Set([
  'data',
  'items',
  'results',
  'result',
  'content',
  'records',
  'rows',
  'entries',
  'list',
  'values',
  'page',
  'payload',
  'elements',
  'hits',
  'nodes',
]);
/** Items read from one list, objects followed down, and the longest text kept: a reference is short. */
const MAX_ITEMS = 50;
const MAX_DEPTH = 3;
const MAX_TEXT = 200;
/** Bodies larger than this are not read for references. */
const MAX_BODY_CHARS = 1024 * 1024;

/**
 * The values a 2xx answer of `operation` holds that later requests may refer to: every short
 * string or number field of each object of its JSON body (a list's items, a created or read
 * item, objects inside them under their property's resource: `{"customer": {"id": 7}}`), and the
 * item a `Location` header points to, when it matches one of `paths` (`/customers/{customerId}`).
 */
export function harvestResponse(operation: SpecOperation, body: string, location: string | undefined, paths: readonly string[]): HarvestedValue[] {
  const values: HarvestedValue[] = [];
  const resource = pathResource(operation.path);
  if (body.length <= MAX_BODY_CHARS) {
    const json = parsed(body);
    if (json !== undefined) visit(json, resource, [], 0, values);
  }
  // The body's own field is the better source (a replay reads it with jq): the header only adds what the body lacks.
  const inBody = new Set(values.map((value) => `${value.resource ?? ''}\u0000${String(value.value)}`));
  if (location !== undefined) values.push(...locationValues(location, paths).filter((value) => !inBody.has(`${value.resource ?? ''}\u0000${value.value}`)));
  return values;
}

function visit(value: unknown, resource: string | undefined, path: Array<string | number>, depth: number, into: HarvestedValue[]): void {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    value.slice(0, MAX_ITEMS).forEach((item, index) => visit(item, resource, [...path, index], depth + 1, into));
    return;
  }
  const object = asObject(value);
  if (!object) return;
  for (const [name, field] of Object.entries(object)) {
    if ((typeof field === 'string' && field.length > 0 && field.length <= MAX_TEXT) || (typeof field === 'number' && Number.isFinite(field))) {
      into.push({ ...(resource !== undefined && { resource }), field: name, value: field, jsonPath: jsonPathOf([...path, name]) });
    } else if (field !== null && typeof field === 'object') {
      visit(field, WRAPPERS.has(name.toLowerCase()) ? resource : resourceKey(name), [...path, name], depth + 1, into);
    }
  }
}

/** `/customers/7` (or a whole URL) matched against `/customers/{customerId}`: `customerId` (and `id`) of a customer is 7. */
function locationValues(location: string, paths: readonly string[]): HarvestedValue[] {
  let pathname: string;
  try {
    pathname = new URL(location, 'http://location.invalid').pathname;
  } catch {
    return [];
  }
  const segments = pathname.split('/').filter(Boolean);
  for (const template of paths) {
    const parts = template.split('/').filter(Boolean);
    const last = /^\{([^{}]+)\}$/.exec(parts.at(-1) ?? '')?.[1];
    if (last === undefined || segments.length < parts.length) continue;
    // The Location may carry the base URL's own prefix (`/api/v1/customers/7`): its end must match.
    const tail = segments.slice(segments.length - parts.length);
    const matches = parts.every((part, index) => part.startsWith('{') || part === tail[index]);
    const value = decoded(tail.at(-1)!);
    if (!matches || value === undefined) continue;
    const resource = pathParameterResource(template, last);
    const fields = [...new Set([last, 'id'])];
    return fields.map((field) => ({ ...(resource !== undefined && { resource }), field, value }));
  }
  return [];
}

function decoded(segment: string): string | undefined {
  try {
    const text = decodeURIComponent(segment);
    return text.length > 0 && text.length <= MAX_TEXT ? text : undefined;
  } catch {
    return undefined;
  }
}

function parsed(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}
