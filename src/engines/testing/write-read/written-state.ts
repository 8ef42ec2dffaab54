import { asObject } from '../../spec/json-values.js';
import type { FalconSpec, JsonSchema } from '../../spec/spec-format.js';
import { flattenSchema } from '../generate/schema-shape.js';
import type { WrittenField } from './field-differences.js';

/** One successful write of an object: its method, the JSON body it sent, the schema of that body, and who sent it. */
export interface Write {
  method: string;
  body: unknown;
  schema?: JsonSchema;
  by: string;
}

/**
 * The fields an object should hold after these writes, in order, each with the write that set it:
 * a POST or PUT states the whole object (fields it leaves out are not known after it), a PATCH with
 * an object body is a merge patch (RFC 7396: `null` removes, objects merge). A write whose body is
 * not an object (a JSON Patch list) leaves nothing known; undefined when nothing is.
 */
export function writtenState(writes: readonly Write[], spec: FalconSpec): WrittenField[] | undefined {
  let fields: Map<string, WrittenField> | undefined;
  for (const write of writes) {
    const body = asObject(write.body);
    if (!body) {
      fields = undefined;
      continue;
    }
    const properties = asObject(write.schema && flattenSchema(write.schema, spec).properties) ?? {};
    const next: Map<string, WrittenField> = write.method === 'PATCH' && fields ? new Map(fields) : new Map();
    for (const [name, value] of Object.entries(body)) {
      const schema = asObject(properties[name]);
      const before = write.method === 'PATCH' ? next.get(name) : undefined;
      next.set(name, { name, value: before ? mergePatch(before.value, value) : value, by: write.by, ...(schema && { schema }) });
    }
    fields = next;
  }
  return fields && fields.size > 0 ? [...fields.values()] : undefined;
}

function mergePatch(target: unknown, patch: unknown): unknown {
  const [into, change] = [asObject(target), asObject(patch)];
  if (!into || !change) return patch;
  const merged: Record<string, unknown> = { ...into };
  for (const [name, value] of Object.entries(change)) {
    if (value === null) delete merged[name];
    else merged[name] = mergePatch(merged[name], value);
  }
  return merged;
}
