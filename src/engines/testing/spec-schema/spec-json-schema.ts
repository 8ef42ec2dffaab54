import { asObject, type JsonObject } from '../../spec/json-values.js';
import type { JsonSchema } from '../../spec/spec-format.js';
import { SPEC_SCHEMA_REF, specSchemaName } from './spec-schema-ref.js';

/**
 * Which side of the exchange a value is on: OpenAPI's `readOnly` properties are required only in
 * responses, `writeOnly` ones only in requests.
 */
export type SchemaDirection = 'request' | 'response';

/** The spec's self-referencing schemas by name: the targets of `#/schemas/Name`. */
export type SpecSchemas = Readonly<Record<string, JsonSchema>>;

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);
const SCHEMA_VALUES = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
]);
/**
 * Identifiers would clash where the ingest copied one named schema into several places, and a
 * `$schema` naming an older draft means nothing inside a 2020-12 validator; the nullable flags
 * become `null` in `type`.
 */
const DROPPED = new Set(['$id', '$schema', '$anchor', 'nullable', 'x-nullable']);
/** A null fails these whatever `type` says: a nullable schema using one is wrapped instead. */
const WRAPPING_KEYWORDS = ['allOf', 'anyOf', 'oneOf', '$ref', 'const', 'not'];

/**
 * A spec schema (OpenAPI 3.1, 3.0 or Swagger 2, as spec.yaml keeps it) as a JSON Schema 2020-12
 * that ajv compiles: `nullable` / `x-nullable` admit null, boolean `exclusiveMinimum`/`Maximum` and
 * tuple `items` take their 2020-12 form, Swagger's `type: file` accepts anything (any bytes are a
 * file), a property only read (or only written) is not required on the other side, a `oneOf` with
 * a `discriminator` is read as `anyOf` (the tag picks the branch, so branches that look alike are
 * fine), and `#/schemas/Name` refs point into `$defs`, which holds the spec schemas they reach.
 */
export function specJsonSchema(schema: JsonSchema, schemas: SpecSchemas | undefined, direction: SchemaDirection): JsonSchema {
  const root = convert(schema, direction) as JsonSchema;
  const named = schemas ? referencedNames(schema, schemas) : [];
  if (!schemas || named.length === 0) return root;
  const $defs: JsonObject = { ...asObject(root.$defs) };
  for (const name of named) $defs[name] = convert(schemas[name], direction);
  return { ...root, $defs };
}

/** The names of the spec schemas the schema refers to, directly or through them. */
function referencedNames(schema: JsonSchema, schemas: SpecSchemas): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    const object = asObject(value);
    if (!object) return;
    const name = specSchemaName(object);
    if (name !== undefined && !found.has(name) && schemas[name]) {
      found.add(name);
      visit(schemas[name]);
    }
    for (const item of Object.values(object)) if (typeof item === 'object') visit(item);
  };
  visit(schema);
  return [...found];
}

function convert(value: unknown, direction: SchemaDirection): unknown {
  const schema = asObject(value);
  if (!schema) return value;
  const result: JsonObject = {};
  for (const [key, item] of Object.entries(schema)) {
    if (DROPPED.has(key)) continue;
    const inner = asObject(item);
    if (SCHEMA_MAPS.has(key) && inner) result[key] = Object.fromEntries(Object.entries(inner).map(([name, entry]) => [name, convert(entry, direction)]));
    else if (SCHEMA_LISTS.has(key) && Array.isArray(item)) result[key] = item.map((entry) => convert(entry, direction));
    else if (SCHEMA_VALUES.has(key)) result[key] = convert(item, direction);
    else result[key] = item;
  }
  fixReference(result);
  fixFileType(result);
  fixExclusiveBound(result, 'exclusiveMinimum', 'minimum');
  fixExclusiveBound(result, 'exclusiveMaximum', 'maximum');
  fixTuple(result);
  fixRequired(result, schema, direction);
  if (schema.discriminator !== undefined && Array.isArray(result.oneOf)) {
    result.allOf = [...(Array.isArray(result.allOf) ? result.allOf : []), { anyOf: result.oneOf }];
    delete result.oneOf;
  }
  return schema.nullable === true || schema['x-nullable'] === true ? allowNull(result) : result;
}

function fixReference(schema: JsonObject): void {
  const match = typeof schema.$ref === 'string' ? SPEC_SCHEMA_REF.exec(schema.$ref) : null;
  if (match) schema.$ref = `#/$defs/${match[1]}`;
}

function fixFileType(schema: JsonObject): void {
  if (schema.type === 'file' || (Array.isArray(schema.type) && schema.type.includes('file'))) delete schema.type;
}

/** Draft 4 / OpenAPI 3.0: `exclusiveMinimum: true` qualifies `minimum`; 2020-12 holds the bound itself. */
function fixExclusiveBound(schema: JsonObject, exclusive: string, inclusive: string): void {
  if (typeof schema[exclusive] !== 'boolean') return;
  if (schema[exclusive] === true && typeof schema[inclusive] === 'number') {
    schema[exclusive] = schema[inclusive];
    delete schema[inclusive];
  } else {
    delete schema[exclusive];
  }
}

/** Draft 4 tuples: `items` as a list, `additionalItems` for the rest. */
function fixTuple(schema: JsonObject): void {
  if (!Array.isArray(schema.items)) return;
  schema.prefixItems = schema.items;
  if (schema.additionalItems === undefined) delete schema.items;
  else schema.items = schema.additionalItems;
  delete schema.additionalItems;
}

function fixRequired(result: JsonObject, original: JsonObject, direction: SchemaDirection): void {
  if (result.required === undefined) return;
  // Draft 3's boolean `required`, which some Swagger 2 documents still put on properties, is no 2020-12 keyword.
  if (!Array.isArray(result.required)) {
    delete result.required;
    return;
  }
  const properties = asObject(original.properties) ?? {};
  const oneSided = direction === 'request' ? 'readOnly' : 'writeOnly';
  result.required = result.required.filter((name) => typeof name !== 'string' || asObject(properties[name])?.[oneSided] !== true);
}

function allowNull(schema: JsonObject): JsonObject {
  if (WRAPPING_KEYWORDS.some((keyword) => keyword in schema)) return { anyOf: [schema, { type: 'null' }] };
  const result = { ...schema };
  if (typeof result.type === 'string' && result.type !== 'null') result.type = [result.type, 'null'];
  else if (Array.isArray(result.type) && !result.type.includes('null')) result.type = [...result.type, 'null'];
  if (Array.isArray(result.enum) && !result.enum.includes(null)) result.enum = [...result.enum, null];
  return result;
}
