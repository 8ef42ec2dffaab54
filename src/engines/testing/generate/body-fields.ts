import { asArray, asObject } from '../../spec/json-values.js';
import type { FalconSpec, JsonSchema } from '../../spec/spec-format.js';
import { flattenSchema } from './schema-shape.js';

export type FieldPath = Array<string | number>;

/** A place in a request body that negative and boundary cases change: the body itself, a property, an array's first item. */
export interface BodyField {
  /** Property names and array indexes from the root; empty for the body itself. */
  path: FieldPath;
  /** Flattened (refs followed, allOf merged). */
  schema: JsonSchema;
  /** Its value in the valid body; undefined when the body leaves it out. */
  value: unknown;
  /** Its parent object requires it. */
  required: boolean;
}

/** Fields this deep are not visited: enough for nested objects, finite for recursive schemas. */
const MAX_DEPTH = 3;

/** The body and the fields in it, parents before children; `readOnly` properties are not sent, so not changed. */
export function bodyFields(schema: JsonSchema, value: unknown, spec: FalconSpec): BodyField[] {
  const fields: BodyField[] = [];
  const visit = (raw: unknown, current: unknown, path: FieldPath, required: boolean) => {
    const flat = flattenSchema(raw, spec);
    fields.push({ path, schema: flat, value: current, required });
    if (path.length >= MAX_DEPTH) return;
    const object = asObject(current);
    const properties = asObject(flat.properties);
    if (object && properties) {
      const names = asArray(flat.required);
      for (const [name, property] of Object.entries(properties)) {
        if (flattenSchema(property, spec).readOnly !== true) visit(property, object[name], [...path, name], names.includes(name));
      }
    }
    if (Array.isArray(current) && current.length > 0 && asObject(flat.items)) visit(flat.items, current[0], [...path, 0], false);
  };
  visit(schema, value, [], true);
  return fields;
}

/** `owner.tags[0].name`; `body` for the root. */
export function fieldLabel(path: FieldPath): string {
  if (path.length === 0) return 'body';
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`)).join('');
}

/** The value at `path` (property names), or undefined when the body does not reach it. */
export function valueAt(body: unknown, path: readonly string[]): unknown {
  let value = body;
  for (const name of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}

/** A copy of `root` with the field at `path` set to `value`, or removed when `value` is undefined. */
export function withField(root: unknown, path: FieldPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let parent = copy;
  for (const part of path.slice(0, -1)) parent = parent[part] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return copy;
}
