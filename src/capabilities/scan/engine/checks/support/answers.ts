import { jsonBody, type ScanResponse } from '../../scan-exchange.js';
import { asObject } from '../../../../../engines/spec/json-values.js';

/** How deep two JSON bodies are compared by shape: deep enough to tell an error envelope from data. */
const SHAPE_DEPTH = 4;

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** A 2xx whose body holds something: not empty, not `[]` or `{}`, not only nulls and empty strings. */
export function answeredWithData(response: ScanResponse): boolean {
  if (!isSuccess(response.status) || response.body.trim() === '') return false;
  const json = jsonBody(response);
  return json === undefined || hasData(json);
}

/**
 * The probe was answered like the identity's own call: both 2xx with data, of the same shape (the
 * same keys and value types, to SHAPE_DEPTH; the same text when the body is not JSON). A 2xx
 * error envelope (`{"error": "unauthorized"}`) or an empty list is not the same data.
 */
export function sameData(expected: ScanResponse, probe: ScanResponse): boolean {
  if (!answeredWithData(expected) || !answeredWithData(probe)) return false;
  const expectedJson = jsonBody(expected);
  if (expectedJson === undefined) return probe.body === expected.body;
  return JSON.stringify(shapeOf(jsonBody(probe), SHAPE_DEPTH)) === JSON.stringify(shapeOf(expectedJson, SHAPE_DEPTH));
}

/** Keys and types, not values: ids, times and names differ between calls, an envelope's keys do not. */
function shapeOf(value: unknown, depth: number): unknown {
  if (Array.isArray(value)) return value.length === 0 || depth === 0 ? [] : [shapeOf(value[0], depth - 1)];
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  if (depth === 0) return 'object';
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, shapeOf(record[key], depth - 1)]),
  );
}

export type JsonRecord = Record<string, unknown>;

/**
 * The objects a JSON body is about: the items of a list (at the top, or in an envelope such as
 * `{items: [...], total: 3}`), else the object itself, unwrapped from a single key (`{data: {...}}`).
 */
export function recordsIn(body: unknown): JsonRecord[] {
  if (Array.isArray(body)) return body.map(asObject).filter((item): item is JsonRecord => item !== undefined);
  const object = asObject(body);
  if (!object) return [];
  const values = Object.values(object);
  const lists = values.filter((value) => Array.isArray(value) && value.some((item) => asObject(item) !== undefined));
  if (lists.length === 1 && !('id' in object)) return recordsIn(lists[0]);
  if (values.length === 1 && asObject(values[0])) return recordsIn(values[0]);
  return [object];
}

/** The value of a record's key, matched without regard to case, `_` or `-` (`user_id` for `userId`). */
export function fieldOf(record: JsonRecord, name: string): { key: string; value: unknown } | undefined {
  const wanted = looseName(name);
  const key = Object.keys(record).find((candidate) => looseName(candidate) === wanted);
  return key === undefined ? undefined : { key, value: record[key] };
}

export function looseName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Where APIs put the list in an object answer (`{items: [...], total}`), the likeliest first. */
const LIST_FIELDS = ['items', 'data', 'results', 'records', 'rows', 'content', 'hits', 'entries', 'list', 'value'];

/**
 * How many records a 2xx JSON answer lists: a top-level array, or the array an object holds in a
 * list field (or its only array); undefined for anything else.
 */
export function recordCount(response: ScanResponse): number | undefined {
  if (response.status < 200 || response.status >= 300) return undefined;
  const body = jsonBody(response);
  if (Array.isArray(body)) return body.length;
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const named = LIST_FIELDS.map((field) => record[field]).find(Array.isArray);
  const arrays = Object.values(record).filter(Array.isArray);
  return (named ?? (arrays.length === 1 ? arrays[0] : undefined))?.length;
}

/** Leaves compared at most: enough to recognise a record, bounded for a long list. */
const MAX_LEAVES = 400;
const MAX_DEPTH = 6;
/** The share of the owner's values the other answer must repeat: a changed timestamp is not a different object. */
const MATCHED_SHARE = 0.8;

/**
 * `seen` carries the data the owner saw: most of the values in the owner's body (`ownerBody`) are in
 * `seen` at the same place, and among them at least one besides the object's id (so an answer that
 * merely echoes the id asked for is not enough). The values matched, by place; undefined when it does not.
 */
export function ownerDataIn(ownerBody: unknown, seen: unknown, id: string | number): Array<[string, unknown]> | undefined {
  const owner = leavesOf(ownerBody);
  if (owner.size === 0) return undefined;
  const other = leavesOf(seen);
  const matched = [...owner].filter(([place, value]) => other.has(place) && other.get(place) === value);
  const telling = matched.filter(([, value]) => String(value) !== String(id) && (typeof value === 'number' || (typeof value === 'string' && value.length > 1)));
  return matched.length >= owner.size * MATCHED_SHARE && telling.length > 0 ? matched : undefined;
}

/** The body has some value in it: not empty, not `{}`, `[]` or null throughout. */
export function hasData(body: unknown): boolean {
  return leavesOf(body).size > 0;
}

/** Place (`[0].items[1].name`) → string, number or boolean value; empty strings and nulls left out. */
function leavesOf(value: unknown): Map<string, string | number | boolean> {
  const leaves = new Map<string, string | number | boolean>();
  const visit = (current: unknown, place: string, depth: number) => {
    if (leaves.size >= MAX_LEAVES) return;
    if (typeof current === 'string' || typeof current === 'number' || typeof current === 'boolean') {
      if (current !== '') leaves.set(place, current);
      return;
    }
    if (current === null || typeof current !== 'object' || depth >= MAX_DEPTH) return;
    if (Array.isArray(current)) current.forEach((item, index) => visit(item, `${place}[${index}]`, depth + 1));
    else for (const [key, item] of Object.entries(current)) visit(item, `${place}.${key}`, depth + 1);
  };
  visit(value, '', 0);
  return leaves;
}
