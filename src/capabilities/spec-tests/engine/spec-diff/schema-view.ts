import { asArray, asObject, type JsonObject } from '../../../../engines/spec/json-values.js';
import type { JsonSchema } from '../../../../engines/spec/spec-format.js';
import { canonicalJson } from './canonical-json.js';

const SELF_REF = '#/schemas/';
const OBJECT_KEYWORDS = ['properties', 'additionalProperties', 'required', 'maxProperties', 'minProperties'];
const ARRAY_KEYWORDS = ['items', 'maxItems', 'minItems', 'uniqueItems'];

/**
 * A schema as the comparison reads it, whatever way the spec wrote it: its `$ref` to a
 * self-referencing schema followed, `allOf` merged into one, OpenAPI 3.0's `nullable`, 3.1's
 * `type: [x, "null"]` and Swagger's `x-nullable` alike, `const` as a one-value enum.
 */
export interface SchemaView {
  /** The merged keywords (the bounds, `format`, `pattern`, `default` …). */
  keywords: JsonObject;
  /** The types a value may have, null aside; undefined: any type. */
  types: ReadonlySet<string> | undefined;
  nullable: boolean;
  /** Canonical JSON → value, null aside; undefined: no enum. */
  enumValues: ReadonlyMap<string, unknown> | undefined;
  properties: ReadonlyMap<string, JsonSchema>;
  required: ReadonlySet<string>;
  /** `additionalProperties`: any value (absent or true), none (false), or values of a schema. */
  additional: 'any' | 'none' | JsonSchema;
  items: JsonSchema | undefined;
  oneOf: readonly JsonSchema[];
  anyOf: readonly JsonSchema[];
  readOnly: boolean;
  writeOnly: boolean;
}

/** Reads the schemas of one spec, each once: `defs` are its self-referencing schemas (`#/schemas/Name`). */
export class SchemaReader {
  private readonly views = new WeakMap<object, SchemaView>();

  constructor(private readonly defs: Readonly<Record<string, JsonSchema>>) {}

  view(schema: JsonSchema | undefined): SchemaView {
    if (schema === undefined) return describe({});
    const known = this.views.get(schema);
    if (known) return known;
    const view = describe(this.flatten(schema, new Set()));
    this.views.set(schema, view);
    return view;
  }

  /** The `$ref` of a schema that points to a self-referencing schema; undefined for an inline schema. */
  private refName(schema: JsonSchema | undefined): string | undefined {
    const ref = schema?.$ref;
    return typeof ref === 'string' && ref.startsWith(SELF_REF) ? ref : undefined;
  }

  private flatten(schema: JsonSchema, following: Set<string>): JsonObject {
    let merged: JsonObject = {};
    const ref = this.refName(schema);
    if (ref !== undefined) {
      const name = ref.slice(SELF_REF.length).replaceAll('~1', '/').replaceAll('~0', '~');
      const target = Object.hasOwn(this.defs, name) ? asObject(this.defs[name]) : undefined;
      // A schema that is made of itself (`allOf: [{$ref: itself}]`) says nothing more the second time.
      if (target && !following.has(ref)) merged = this.flatten(target, new Set([...following, ref]));
    }
    const { allOf, $ref: _ref, ...own } = schema;
    merged = mergeSchemas(merged, own);
    for (const part of asArray(allOf)) {
      const object = asObject(part);
      if (object) merged = mergeSchemas(merged, this.flatten(object, following));
    }
    return merged;
  }
}

/** `base` with `extra`'s keywords added: properties and required names joined, types intersected, else `base` first. */
function mergeSchemas(base: JsonObject, extra: JsonObject): JsonObject {
  const merged: JsonObject = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    if (!(key in merged)) merged[key] = value;
    else if (key === 'properties') merged.properties = mergeProperties(asObject(merged.properties) ?? {}, asObject(value) ?? {});
    else if (key === 'required') merged.required = [...new Set([...asArray(merged.required), ...asArray(value)])];
    else if (key === 'type') merged.type = intersectTypes(merged.type, value);
  }
  return merged;
}

function mergeProperties(base: JsonObject, extra: JsonObject): JsonObject {
  const merged: JsonObject = { ...base };
  for (const [name, schema] of Object.entries(extra)) {
    merged[name] = Object.hasOwn(merged, name) ? { allOf: [merged[name], schema] } : schema;
  }
  return merged;
}

/** The types both allow; an integer is a number. */
function intersectTypes(first: unknown, second: unknown): string[] {
  const a = typeList(first);
  const b = typeList(second);
  const both = new Set(a.filter((type) => acceptsType(b, type)));
  for (const type of b) if (acceptsType(a, type)) both.add(type);
  return [...both];
}

/** Whether a value of `type` is one of `types` (an integer is a number). */
export function acceptsType(types: Iterable<string> | undefined, type: string): boolean {
  if (types === undefined) return true;
  for (const allowed of types) if (allowed === type || (type === 'integer' && allowed === 'number')) return true;
  return false;
}

function typeList(type: unknown): string[] {
  if (typeof type === 'string') return [type];
  return asArray(type).filter((item): item is string => typeof item === 'string');
}

function describe(schema: JsonObject): SchemaView {
  const declared = 'type' in schema ? typeList(schema.type) : inferredTypes(schema);
  const enumList = 'const' in schema ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
  const nullable = schema.nullable === true || schema['x-nullable'] === true || declared?.includes('null') === true || enumList?.includes(null) === true;
  const additional = schema.additionalProperties;
  return {
    keywords: schema,
    types: declared && new Set(declared.filter((type) => type !== 'null')),
    nullable,
    enumValues: enumList && new Map(enumList.filter((value) => value !== null).map((value) => [canonicalJson(value), value])),
    properties: new Map(Object.entries(asObject(schema.properties) ?? {}).flatMap(([name, value]) => (asObject(value) ? [[name, value as JsonSchema]] : []))),
    required: new Set(asArray(schema.required).filter((name): name is string => typeof name === 'string')),
    additional: additional === false ? 'none' : (asObject(additional) ?? 'any'),
    items: asObject(schema.items),
    oneOf: schemaList(schema.oneOf),
    anyOf: schemaList(schema.anyOf),
    readOnly: schema.readOnly === true,
    writeOnly: schema.writeOnly === true,
  };
}

/** A schema without `type` is still an object when it lists properties, an array when it has items. */
function inferredTypes(schema: JsonObject): string[] | undefined {
  if (OBJECT_KEYWORDS.some((keyword) => keyword in schema)) return ['object'];
  if (ARRAY_KEYWORDS.some((keyword) => keyword in schema)) return ['array'];
  return undefined;
}

function schemaList(value: unknown): JsonSchema[] {
  return asArray(value).flatMap((item) => (asObject(item) ? [item as JsonSchema] : []));
}
