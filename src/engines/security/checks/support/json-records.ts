import { asObject } from '../../../spec/json-values.js';

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
