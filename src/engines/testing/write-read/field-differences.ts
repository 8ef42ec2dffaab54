import { asObject } from '../../spec/json-values.js';
import type { FalconSpec, JsonSchema } from '../../spec/spec-format.js';
import { flattenSchema } from '../generate/schema-shape.js';
import { sameScalar } from './same-meaning.js';

/**
 * Fields the server sets whatever was sent, by name (an id, a creation or change time, a version),
 * left out like `readOnly` ones: a spec often forgets to mark them.
 */
const SERVER_SET = /^(_?id|uuid|(created|updated|modified|deleted|last_?modified|last_?updated)(_?(at|on|date|time|by))?|version|revision|etag|_rev)$/i;

/** A field as written: its value, the schema it was sent under, and which write sent it. */
export interface WrittenField {
  name: string;
  value: unknown;
  /** The property's schema in the request that sent it. */
  schema?: JsonSchema;
  /** `this request`, `step 1 (createPet)`. */
  by: string;
}

/** Where what was read back differs from what was written. */
export interface Difference {
  /** `birthDate`, `address.city`, `tags[1]`. */
  path: string;
  sent: unknown;
  by: string;
  /** What is there instead; absent when nothing is (`missing`). */
  got?: unknown;
  missing?: true;
}

/**
 * The fields written that the object read back holds otherwise, compared by meaning (sameScalar),
 * arrays item by item in order, objects by the fields sent. Only fields both sides declare: sent
 * (not `readOnly`, `writeOnly` or set by the server) and readable (a property of the schema read
 * back, not `writeOnly`); an object whose schema lists no properties is compared on every field sent.
 * A field sent as `null` may be left out.
 */
export function fieldDifferences(
  fields: readonly WrittenField[],
  got: Record<string, unknown>,
  gotSchema: JsonSchema,
  spec: FalconSpec,
  at = '',
): Difference[] {
  const readable = propertiesOf(gotSchema, spec);
  return fields.flatMap((field): Difference[] => {
    const sentSchema = field.schema && flattenSchema(field.schema, spec);
    const readSchema = readable && readable[field.name] !== undefined ? flattenSchema(readable[field.name], spec) : undefined;
    if (!compared(field.name, sentSchema, readSchema, readable !== undefined)) return [];
    const path = at ? `${at}.${field.name}` : field.name;
    if (!(field.name in got) || got[field.name] === undefined) return field.value === null ? [] : [{ path, sent: field.value, by: field.by, missing: true }];
    return valueDifferences(field.value, got[field.name], sentSchema, readSchema, spec, path, field.by);
  });
}

function valueDifferences(
  sent: unknown,
  got: unknown,
  sentSchema: JsonSchema | undefined,
  readSchema: JsonSchema | undefined,
  spec: FalconSpec,
  path: string,
  by: string,
): Difference[] {
  const differs = [{ path, sent, by, got }];
  if (Array.isArray(sent)) {
    if (!Array.isArray(got) || got.length !== sent.length) return differs;
    const items = (schema: JsonSchema | undefined) => (schema?.items === undefined ? undefined : flattenSchema(schema.items, spec));
    return sent.flatMap((item, index) => valueDifferences(item, got[index], items(sentSchema), items(readSchema), spec, `${path}[${index}]`, by));
  }
  const sentObject = asObject(sent);
  if (sentObject) {
    const gotObject = asObject(got);
    if (!gotObject) return differs;
    const sentProperties = sentSchema ? propertiesOf(sentSchema, spec) : undefined;
    const fields = Object.entries(sentObject).map(([name, value]) => ({ name, value, schema: sentProperties?.[name] as JsonSchema | undefined, by }));
    return fieldDifferences(fields, gotObject, readSchema ?? {}, spec, path);
  }
  return sameScalar(sent, got, readSchema ?? sentSchema) ? [] : differs;
}

function compared(name: string, sentSchema: JsonSchema | undefined, readSchema: JsonSchema | undefined, readableListed: boolean): boolean {
  if (SERVER_SET.test(name) || sentSchema?.readOnly === true || sentSchema?.writeOnly === true) return false;
  if (!readableListed) return true;
  return readSchema !== undefined && readSchema.writeOnly !== true && readSchema.readOnly !== true;
}

/** The schema's properties, or undefined when it lists none (an object of any fields). */
function propertiesOf(schema: JsonSchema, spec: FalconSpec): Record<string, unknown> | undefined {
  const properties = asObject(flattenSchema(schema, spec).properties);
  return properties && Object.keys(properties).length > 0 ? properties : undefined;
}
