import { asArray, asObject, type JsonObject } from '../../spec/json-values.js';
import type { FalconSpec, JsonSchema } from '../../spec/spec-format.js';
import { pointerSegment, SPEC_SCHEMA_REF } from './schema-shape.js';

/**
 * Which side of the exchange a value is on: OpenAPI's `readOnly` properties are required only in
 * responses, `writeOnly` ones only in requests.
 */
export type SchemaDirection = 'request' | 'response';

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_VALUES = new Set(['additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems']);
const DROPPED = new Set(['$schema', '$id', 'nullable', 'x-nullable']);

/**
 * An OpenAPI schema (3.0, 3.1 or Swagger 2 as spec.yaml keeps it) as a JSON Schema 2020-12 that
 * ajv compiles: `nullable` becomes a `null` type, boolean `exclusiveMinimum`/`exclusiveMaximum`
 * become numbers, tuple `items` become `prefixItems`, `type: file` a string, and the
 * `#/schemas/Name` refs point into `$defs` holding the spec's self-referencing schemas, and a
 * `oneOf` with a `discriminator` is read as `anyOf`.
 */
export function toAjvSchema(schema: JsonSchema, spec: FalconSpec, direction: SchemaDirection): JsonSchema {
  const root = normalize(schema, direction) as JsonSchema;
  const named = referencedNames(schema, spec);
  if (named.length === 0) return root;
  const $defs: JsonObject = { ...asObject(root.$defs) };
  for (const name of named) $defs[name] = normalize(spec.schemas?.[name], direction);
  return { ...root, $defs };
}

/** The names of the spec's schemas the schema refers to, directly or through them. */
function referencedNames(schema: JsonSchema, spec: FalconSpec): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    const object = asObject(value);
    if (!object) return;
    const match = typeof object.$ref === 'string' ? SPEC_SCHEMA_REF.exec(object.$ref) : null;
    const name = match?.[1] && pointerSegment(match[1]);
    if (name && !found.has(name) && spec.schemas?.[name]) {
      found.add(name);
      visit(spec.schemas[name]);
    }
    for (const item of Object.values(object)) if (typeof item === 'object') visit(item);
  };
  visit(schema);
  return [...found];
}

function normalize(value: unknown, direction: SchemaDirection): unknown {
  const schema = asObject(value);
  if (!schema) return value;
  const result: JsonObject = {};
  for (const [key, item] of Object.entries(schema)) {
    if (DROPPED.has(key)) continue;
    if (SCHEMA_MAPS.has(key)) result[key] = Object.fromEntries(Object.entries(asObject(item) ?? {}).map(([name, inner]) => [name, normalize(inner, direction)]));
    else if (SCHEMA_LISTS.has(key)) result[key] = asArray(item).map((inner) => normalize(inner, direction));
    else if (SCHEMA_VALUES.has(key) || key === 'items' || key === 'additionalItems') result[key] = normalize(item, direction);
    else result[key] = item;
  }
  fixReference(result);
  fixTypes(result);
  fixExclusiveBounds(result, 'exclusiveMinimum', 'minimum');
  fixExclusiveBounds(result, 'exclusiveMaximum', 'maximum');
  fixTuple(result);
  fixRequired(result, schema, direction);
  // With a discriminator the tag picks the branch, so branches that look alike are fine.
  if (schema.discriminator !== undefined && Array.isArray(result.oneOf)) {
    result.allOf = [...asArray(result.allOf), { anyOf: result.oneOf }];
    delete result.oneOf;
  }
  return isNullableSchema(schema) ? allowNull(result) : result;
}

function fixReference(schema: JsonObject): void {
  const match = typeof schema.$ref === 'string' ? SPEC_SCHEMA_REF.exec(schema.$ref) : null;
  if (match) schema.$ref = `#/$defs/${match[1]}`;
}

function fixTypes(schema: JsonObject): void {
  if (schema.type === 'file') schema.type = 'string';
  else if (Array.isArray(schema.type)) schema.type = schema.type.map((type) => (type === 'file' ? 'string' : type));
}

/** OpenAPI 3.0 (draft 4): `minimum: 5, exclusiveMinimum: true`; 3.1: `exclusiveMinimum: 5`. */
function fixExclusiveBounds(schema: JsonObject, exclusive: string, inclusive: string): void {
  if (typeof schema[exclusive] !== 'boolean') return;
  if (schema[exclusive] === true && typeof schema[inclusive] === 'number') {
    schema[exclusive] = schema[inclusive];
    delete schema[inclusive];
  } else {
    delete schema[exclusive];
  }
}

function fixTuple(schema: JsonObject): void {
  if (!Array.isArray(schema.items)) return;
  schema.prefixItems = schema.items;
  if (schema.additionalItems === undefined) delete schema.items;
  else schema.items = schema.additionalItems;
  delete schema.additionalItems;
}

/** A property that is only ever read (or only written) is not required on the other side. */
function fixRequired(result: JsonObject, original: JsonObject, direction: SchemaDirection): void {
  if (result.required === undefined) return;
  if (!Array.isArray(result.required)) {
    delete result.required;
    return;
  }
  const properties = asObject(original.properties) ?? {};
  const oneSided = direction === 'request' ? 'readOnly' : 'writeOnly';
  result.required = result.required.filter((name) => typeof name !== 'string' || asObject(properties[name])?.[oneSided] !== true);
}

function isNullableSchema(schema: JsonObject): boolean {
  return schema.nullable === true || schema['x-nullable'] === true;
}

function allowNull(schema: JsonObject): JsonObject {
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  if (typeof schema.type === 'string') return { ...schema, type: schema.type === 'null' ? 'null' : [schema.type, 'null'] };
  if (Array.isArray(schema.type)) return schema.type.includes('null') ? schema : { ...schema, type: [...schema.type, 'null'] };
  const constrained = ['$ref', 'allOf', 'oneOf', 'anyOf', 'const'].some((key) => key in schema);
  return constrained ? { anyOf: [{ type: 'null' }, schema] } : schema;
}
