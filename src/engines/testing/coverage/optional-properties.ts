import { asObject } from '../../spec/json-values.js';
import type { FalconSpec, JsonSchema, SpecRequestBody } from '../../spec/spec-format.js';
import { flattenSchema, referencedSchema } from '../generate/schema-shape.js';

/** Deeper properties are not counted: a body's shape rarely nests further, and a recursive one never ends. */
const MAX_DEPTH = 6;

/**
 * The optional properties of a request body, as paths (`tag`, `owner.name`, `lines[].note`, `[].id`
 * for a list body), each once across its media types. Optional: not in `required` of the object
 * that declares it (`allOf` parts joined), or declared only by a `oneOf`/`anyOf` branch, which a
 * request may not take. `readOnly` properties are left out: a request does not send them.
 */
export function optionalBodyProperties(body: SpecRequestBody | undefined, spec: FalconSpec): string[] {
  const paths = new Set<string>();
  for (const media of Object.values(body?.content ?? {})) if (media.schema) collect(media.schema, '', 0, new Set(), spec, paths);
  return [...paths];
}

function collect(value: unknown, prefix: string, depth: number, followed: ReadonlySet<string>, spec: FalconSpec, paths: Set<string>): void {
  if (depth > MAX_DEPTH) return;
  const reference = referencedSchema(asObject(value) ?? {}, spec);
  if (reference && followed.has(reference.name)) return;
  const along = reference ? new Set([...followed, reference.name]) : followed;
  const schema = flattenSchema(value, spec);
  const items = asObject(schema.items);
  if (items) collect(items, `${prefix}[]`, depth + 1, along, spec, paths);
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  addProperties(schema, (name) => !required.has(name), prefix, depth, along, spec, paths);
  for (const keyword of ['oneOf', 'anyOf'])
    for (const branch of Array.isArray(schema[keyword]) ? (schema[keyword] as unknown[]) : []) {
      const flat = flattenSchema(branch, spec);
      addProperties(flat, (name) => !required.has(name), prefix, depth, along, spec, paths);
      const branchItems = asObject(flat.items);
      if (branchItems) collect(branchItems, `${prefix}[]`, depth + 1, along, spec, paths);
    }
}

function addProperties(
  schema: JsonSchema,
  optional: (name: string) => boolean,
  prefix: string,
  depth: number,
  followed: ReadonlySet<string>,
  spec: FalconSpec,
  paths: Set<string>,
): void {
  for (const [name, property] of Object.entries(asObject(schema.properties) ?? {})) {
    if (flattenSchema(property, spec).readOnly === true) continue;
    const path = prefix ? `${prefix}.${name}` : name;
    if (optional(name)) paths.add(path);
    collect(property, path, depth + 1, followed, spec, paths);
  }
}
