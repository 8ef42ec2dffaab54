import type { JsonSchema } from '../../spec/spec-format.js';

type SchemaObject = Record<string, unknown>;

const SINGLE_SUBSCHEMAS = new Set([
  'items', 'additionalProperties', 'additionalItems', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems',
]);
const SUBSCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SUBSCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/**
 * Identifiers would clash where the ingest copied one named schema into several places, and a
 * `$schema` naming an older draft is meaningless inside a 2020-12 validator; the nullable flags
 * become `null` in `type`.
 */
const DROPPED = new Set(['$id', '$schema', '$anchor', 'nullable', 'x-nullable']);
const WRAPPING_KEYWORDS = ['allOf', 'anyOf', 'oneOf', '$ref', 'const', 'not'];

/**
 * A spec schema (OpenAPI 3.1, 3.0 or Swagger 2 dialect) as a JSON Schema 2020-12 for checking a
 * response: `nullable` / `x-nullable` admit null, draft-4 boolean `exclusiveMinimum`/`Maximum` and
 * tuple `items` take their 2020-12 form, Swagger's `type: file` accepts anything, and properties
 * marked `writeOnly` are no longer required (a response leaves them out).
 */
export function responseJsonSchema(schema: JsonSchema): JsonSchema {
  return convert(schema) as JsonSchema;
}

function convert(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const result: SchemaObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key)) continue;
    if (key === 'items' && Array.isArray(value)) result.prefixItems = value.map(convert);
    else if (SINGLE_SUBSCHEMAS.has(key)) result[key] = convert(value);
    else if (SUBSCHEMA_LISTS.has(key) && Array.isArray(value)) result[key] = value.map(convert);
    else if (SUBSCHEMA_MAPS.has(key) && isObject(value)) result[key] = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, convert(item)]));
    else result[key] = value;
  }
  if (Array.isArray(schema.items) && 'additionalItems' in result) {
    result.items = result.additionalItems;
    delete result.additionalItems;
  }
  exclusiveBound(result, 'exclusiveMinimum', 'minimum');
  exclusiveBound(result, 'exclusiveMaximum', 'maximum');
  if (result.type === 'file') delete result.type;
  dropWriteOnlyRequirements(result);
  return schema.nullable === true || schema['x-nullable'] === true ? nullable(result) : result;
}

/** Draft 4 / OpenAPI 3.0: `exclusiveMinimum: true` qualifies `minimum`; 2020-12 holds the bound itself. */
function exclusiveBound(schema: SchemaObject, exclusive: string, inclusive: string): void {
  if (typeof schema[exclusive] !== 'boolean') return;
  if (schema[exclusive] === true && typeof schema[inclusive] === 'number') {
    schema[exclusive] = schema[inclusive];
    delete schema[inclusive];
  } else delete schema[exclusive];
}

function dropWriteOnlyRequirements(schema: SchemaObject): void {
  const properties = schema.properties;
  if (!Array.isArray(schema.required) || !isObject(properties)) return;
  schema.required = schema.required.filter((name) => !(typeof name === 'string' && isObject(properties[name]) && properties[name].writeOnly === true));
}

function nullable(schema: SchemaObject): SchemaObject {
  if (WRAPPING_KEYWORDS.some((keyword) => keyword in schema)) return { anyOf: [schema, { type: 'null' }] };
  const result = { ...schema };
  if (typeof result.type === 'string') result.type = [result.type, 'null'];
  else if (Array.isArray(result.type) && !result.type.includes('null')) result.type = [...result.type, 'null'];
  if (Array.isArray(result.enum) && !result.enum.includes(null)) result.enum = [...result.enum, null];
  return result;
}

function isObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
