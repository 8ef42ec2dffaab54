import { asObject } from '../../spec/json-values.js';
import type { FalconSpec, JsonSchema } from '../../spec/spec-format.js';
import { specSchemaName } from '../spec-schema/spec-schema-ref.js';

/** The named schema a `#/schemas/Name` ref points to, with the name, or undefined for any other schema. */
export function referencedSchema(schema: JsonSchema, spec: FalconSpec): { name: string; schema: JsonSchema } | undefined {
  const name = specSchemaName(schema);
  if (name === undefined) return undefined;
  const target = asObject(spec.schemas?.[name]);
  return target ? { name, schema: target } : undefined;
}

/**
 * The schema as one object: its `#/schemas/` ref followed (siblings kept) and its `allOf` merged in.
 * `oneOf`/`anyOf` and the property schemas stay as they are; refs met twice are not followed again.
 */
export function flattenSchema(value: unknown, spec: FalconSpec, followed: ReadonlySet<string> = new Set()): JsonSchema {
  let schema = asObject(value) ?? {};
  const reference = referencedSchema(schema, spec);
  if (reference && !followed.has(reference.name)) {
    const { $ref: _ref, ...siblings } = schema;
    const inner = flattenSchema(reference.schema, spec, new Set([...followed, reference.name]));
    schema = mergeSchemas(inner, siblings);
  }
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  // The schema's own keywords (its example, say) win over those of its parts.
  const parts = (allOf as unknown[]).reduce<JsonSchema>((merged, part) => mergeSchemas(merged, flattenSchema(part, spec, followed)), {});
  return mergeSchemas(parts, rest);
}

const LOWER_BOUNDS = ['minimum', 'minLength', 'minItems', 'minProperties'];
const UPPER_BOUNDS = ['maximum', 'maxLength', 'maxItems', 'maxProperties'];

/** Both schemas at once, as far as generating a value needs: bounds tightened, properties and `required` joined. */
export function mergeSchemas(first: JsonSchema, second: JsonSchema): JsonSchema {
  const merged: JsonSchema = { ...first, ...second };
  const firstTypes = declaredTypes(first);
  const secondTypes = declaredTypes(second);
  if (firstTypes.length > 0 && secondTypes.length > 0) {
    const common = firstTypes.filter((type) => secondTypes.includes(type) || (type === 'integer' && secondTypes.includes('number')));
    merged.type = common.length === 1 ? common[0] : common;
  }
  for (const key of LOWER_BOUNDS) if (typeof first[key] === 'number' && typeof second[key] === 'number') merged[key] = Math.max(first[key], second[key]);
  for (const key of UPPER_BOUNDS) if (typeof first[key] === 'number' && typeof second[key] === 'number') merged[key] = Math.min(first[key], second[key]);
  const firstProperties = asObject(first.properties);
  const secondProperties = asObject(second.properties);
  if (firstProperties && secondProperties) {
    const properties: JsonSchema = { ...firstProperties };
    for (const [name, schema] of Object.entries(secondProperties)) {
      properties[name] = name in firstProperties ? { allOf: [firstProperties[name], schema] } : schema;
    }
    merged.properties = properties;
  }
  if (Array.isArray(first.required) && Array.isArray(second.required)) merged.required = [...new Set([...first.required, ...second.required])];
  if (Array.isArray(first.enum) && Array.isArray(second.enum)) {
    const allowed = second.enum.map((item) => JSON.stringify(item));
    merged.enum = first.enum.filter((item) => allowed.includes(JSON.stringify(item)));
  }
  if (first.additionalProperties === false || second.additionalProperties === false) merged.additionalProperties = false;
  return merged;
}

/** The `type` keyword as a list (`file`, Swagger 2's upload type, is a string). */
function declaredTypes(schema: JsonSchema): string[] {
  const types = Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : [];
  return types.filter((type): type is string => typeof type === 'string').map((type) => (type === 'file' ? 'string' : type));
}

/** True when a 3.0 schema says `nullable: true` (or Swagger 2's `x-nullable`). */
function isNullable(schema: JsonSchema): boolean {
  return schema.nullable === true || schema['x-nullable'] === true;
}

/** The JSON types a value of the schema may have: declared, else inferred from the keywords used. */
export function schemaTypes(schema: JsonSchema): string[] {
  const declared = declaredTypes(schema);
  const types = declared.length > 0 ? declared : inferredTypes(schema);
  return isNullable(schema) && !types.includes('null') ? [...types, 'null'] : types;
}

function inferredTypes(schema: JsonSchema): string[] {
  if (schema.properties !== undefined || schema.required !== undefined || schema.additionalProperties !== undefined || schema.minProperties !== undefined) {
    return ['object'];
  }
  if (schema.items !== undefined || schema.prefixItems !== undefined || schema.minItems !== undefined || schema.maxItems !== undefined) return ['array'];
  if (schema.format === 'int32' || schema.format === 'int64') return ['integer'];
  if (
    schema.minimum !== undefined ||
    schema.maximum !== undefined ||
    schema.multipleOf !== undefined ||
    schema.format === 'float' ||
    schema.format === 'double'
  ) {
    return ['number'];
  }
  if (schema.pattern !== undefined || schema.minLength !== undefined || schema.maxLength !== undefined || typeof schema.format === 'string') return ['string'];
  return [];
}
