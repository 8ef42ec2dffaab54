import { isJsonObject, toPlainJson } from './exact-json.js';
import { pointerSegments, queryJsonPath, validateJsonPath } from './json-path.js';

/**
 * A copy of `value` without the ignored fields. A field starting with `$` is a JSONPath
 * (`$..id`, `$.items[*].updatedAt`); any other is a dotted name matched at any depth
 * (`updatedAt`, `user.updatedAt`).
 */
export function withoutIgnoredFields(value: unknown, fields: readonly string[]): unknown {
  const names = fields.filter((field) => !field.trim().startsWith('$')).map((field) => field.split('.'));
  const paths = fields.filter((field) => field.trim().startsWith('$'));
  // Also the copy that removeAt changes (structuredClone would turn LosslessNumbers into plain objects).
  const stripped = stripNames(value, names, []);
  if (paths.length === 0) return stripped;
  const document = { exact: stripped, plain: toPlainJson(stripped) };
  const pointers = paths.flatMap((path) => queryJsonPath(document, path).matches.map((match) => pointerSegments(match.pointer)));
  // Deepest and last first, so that removing an array item does not move the ones still to remove.
  pointers.sort(comparePointersDescending);
  for (const pointer of pointers) removeAt(stripped, pointer);
  return stripped;
}

/** Problems with the fields themselves (an invalid JSONPath), found before anything is compared. */
export function checkIgnoredFields(fields: readonly string[]): void {
  for (const field of fields) if (field.trim().startsWith('$')) validateJsonPath(field);
}

function stripNames(value: unknown, names: string[][], keys: string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => stripNames(item, names, keys));
  if (!isJsonObject(value)) return value;
  const kept = Object.entries(value).flatMap(([key, item]) => {
    const path = [...keys, key];
    const ignored = names.some((name) => name.length <= path.length && name.every((part, index) => part === path[path.length - name.length + index]));
    return ignored ? [] : [[key, stripNames(item, names, path)]];
  });
  return Object.fromEntries(kept);
}

function removeAt(root: unknown, pointer: string[]): void {
  const last = pointer.at(-1);
  if (last === undefined) return;
  let parent = root;
  for (const segment of pointer.slice(0, -1)) {
    if (typeof parent !== 'object' || parent === null || !Object.hasOwn(parent, segment)) return;
    parent = (parent as Record<string, unknown>)[segment];
  }
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else if (isJsonObject(parent)) delete parent[last];
}

function comparePointersDescending(a: string[], b: string[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const [left, right] = [a[index] as string, b[index] as string];
    if (left === right) continue;
    const numeric = /^\d+$/.test(left) && /^\d+$/.test(right);
    return numeric ? Number(right) - Number(left) : right < left ? -1 : 1;
  }
  return b.length - a.length;
}
