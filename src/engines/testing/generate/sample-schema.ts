import { asArray, asObject } from '../../spec/json-values.js';
import type { FalconSpec, JsonSchema } from '../../spec/spec-format.js';
import { branchTag } from './branch-tag.js';
import { sampleInteger, sampleNumber } from './sample-number.js';
import { sampleString } from './sample-string.js';
import { flattenSchema, mergeSchemas, referencedSchema, schemaTypes } from './schema-shape.js';
import { SeededRandom } from './seeded-random.js';

export interface SampleOptions {
  /** Take the schema's own `example`, `examples`, `default` or first `enum` value where it has one. */
  examples: boolean;
  /** Optional object properties too, and an item in arrays that may be empty. */
  optional: boolean;
  /** Which branch of a `oneOf`/`anyOf` to take first (counted round). */
  variant: number;
  /** When given, the next branch is tried while this says the value is invalid for the schema holding the `oneOf`/`anyOf`. */
  accepts?: (schema: JsonSchema, value: unknown) => boolean | undefined;
  /** Which side of the exchange the value is for: a request (default) leaves out `readOnly` properties, a response `writeOnly` ones. */
  direction?: 'request' | 'response';
}

/** A recursive schema is expanded this many times on one path, then only what it requires is generated. */
const REF_REPEATS = 2;
/** Past this nesting, values are the smallest of their type. */
const MAX_DEPTH = 16;

/**
 * A value for a schema as a request would carry it: examples first, then values generated from the
 * schema; `readOnly` properties are left out. Deterministic for a seed (default 1).
 */
export function sampleFromSchema(schema: JsonSchema, spec: FalconSpec, seed = 1): unknown {
  return new SchemaSampler(spec, new SeededRandom(seed), { examples: true, optional: true, variant: 0 }).sample(schema);
}

/** Generates values for the schemas of one spec. */
export class SchemaSampler {
  constructor(
    private readonly spec: FalconSpec,
    private readonly random: SeededRandom,
    private readonly options: SampleOptions,
  ) {}

  sample(schema: unknown): unknown {
    return this.value(schema, 0, new Map(), this.options.optional);
  }

  private value(raw: unknown, depth: number, expanded: ReadonlyMap<string, number>, optional: boolean): unknown {
    let refs = expanded;
    let withOptional = optional;
    const reference = referencedSchema(asObject(raw) ?? {}, this.spec);
    if (reference) {
      const times = refs.get(reference.name) ?? 0;
      if (times >= REF_REPEATS) withOptional = false;
      refs = new Map(refs).set(reference.name, times + 1);
    }
    const schema = flattenSchema(raw, this.spec);
    if ('const' in schema) return schema.const;
    if (this.options.examples) {
      const example = exampleOf(schema);
      if (example !== undefined) return this.trimmedExample(example, schema, withOptional);
    }
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return this.choose(schema.enum);
    const branches = asArray(schema.oneOf ?? schema.anyOf);
    if (branches.length > 0) return this.fromBranches(asObject(raw) ?? {}, schema, branches, depth, refs, withOptional);
    const types = schemaTypes(schema);
    const type = types.find((candidate) => candidate !== 'null') ?? types[0];
    if (depth > MAX_DEPTH) return smallestOf(type);
    switch (type) {
      case 'object':
        return this.object(schema, depth, refs, withOptional);
      case 'array':
        return this.array(schema, depth, refs, withOptional);
      case 'integer':
        return sampleInteger(schema, this.random);
      case 'number':
        return sampleNumber(schema, this.random);
      case 'boolean':
        return this.random.next() < 0.5;
      case 'null':
        return null;
      default:
        return sampleString(schema, this.random);
    }
  }

  /**
   * A value of one branch, with the schema's other keywords and its `discriminator`'s tag; branches
   * that only allow null come last. With `accepts`, the branches are tried in turn until a value is valid for the whole
   * schema (a `oneOf` value must match no other branch).
   */
  private fromBranches(raw: JsonSchema, schema: JsonSchema, branches: unknown[], depth: number, refs: ReadonlyMap<string, number>, optional: boolean): unknown {
    const { oneOf: _oneOf, anyOf: _anyOf, ...rest } = schema;
    const flattened = branches.map((branch) => ({ schema: flattenSchema(branch, this.spec), tag: branchTag(schema, branch) }));
    const ordered = [...flattened.filter((branch) => !onlyNull(branch.schema)), ...flattened.filter((branch) => onlyNull(branch.schema))];
    const tries = this.options.accepts ? ordered.length : 1;
    let first: unknown;
    for (let attempt = 0; attempt < tries; attempt++) {
      const branch = ordered[(this.options.variant + attempt) % ordered.length];
      const sampled = this.value(mergeSchemas(rest, branch?.schema ?? {}), depth + 1, refs, optional);
      const object = asObject(sampled);
      const value = branch?.tag && object ? { ...object, [branch.tag.property]: branch.tag.value } : sampled;
      if (attempt === 0) first = value;
      if (this.options.accepts?.(raw, value) !== false) return value;
    }
    return first;
  }

  private object(schema: JsonSchema, depth: number, refs: ReadonlyMap<string, number>, optional: boolean): Record<string, unknown> {
    const properties = asObject(schema.properties) ?? {};
    const required = asArray(schema.required).filter((name): name is string => typeof name === 'string');
    const extra = asObject(schema.additionalProperties);
    const names = [...new Set([...required, ...(optional ? Object.keys(properties) : [])])].filter((name) => !this.isLeftOut(properties[name]));
    const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
    const maxProperties = typeof schema.maxProperties === 'number' ? schema.maxProperties : Number.POSITIVE_INFINITY;
    for (const name of Object.keys(properties)) {
      if (names.length >= minProperties) break;
      if (!names.includes(name) && !this.isLeftOut(properties[name])) names.push(name);
    }
    const chosen = names.filter((name) => required.includes(name) || names.indexOf(name) < maxProperties);
    const result: Record<string, unknown> = {};
    for (const name of chosen) result[name] = this.value(properties[name] ?? extra ?? {}, depth + 1, refs, optional);
    const mapEntries = Object.keys(properties).length === 0 && extra && optional ? 1 : 0;
    const wanted = Math.min(Math.max(minProperties - chosen.length, mapEntries), maxProperties - chosen.length);
    if (schema.additionalProperties !== false) {
      for (let index = 1; index <= wanted; index++) result[`key${index}`] = this.value(extra ?? {}, depth + 1, refs, optional);
    }
    return result;
  }

  private array(schema: JsonSchema, depth: number, refs: ReadonlyMap<string, number>, optional: boolean): unknown[] {
    const prefix = asArray(schema.prefixItems ?? (Array.isArray(schema.items) ? schema.items : undefined));
    const items = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
    const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
    const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY;
    const count = Math.min(Math.max(minItems, optional ? 1 : 0, optional ? prefix.length : 0), maxItems);
    const result: unknown[] = [];
    const seen = new Set<string>();
    for (let attempt = 0; result.length < count && attempt < count * 10; attempt++) {
      const index = result.length;
      const value = this.value(index < prefix.length ? prefix[index] : (items ?? {}), depth + 1, refs, optional);
      const key = JSON.stringify(value);
      if (schema.uniqueItems === true && seen.has(key)) continue;
      seen.add(key);
      result.push(value);
    }
    return result;
  }

  /** An object example without the properties a request leaves out. */
  private trimmedExample(example: unknown, schema: JsonSchema, optional: boolean): unknown {
    const object = asObject(example);
    const properties = asObject(schema.properties);
    if (!object || !properties) return example;
    const required = asArray(schema.required);
    return Object.fromEntries(
      Object.entries(object).filter(([name]) => !this.isLeftOut(properties[name]) && (optional || required.includes(name) || !(name in properties))),
    );
  }

  /** A property the value's side of the exchange leaves out: `readOnly` in a request, `writeOnly` in a response. */
  private isLeftOut(schema: unknown): boolean {
    const leftOut = this.options.direction === 'response' ? 'writeOnly' : 'readOnly';
    return schema !== undefined && flattenSchema(schema, this.spec)[leftOut] === true;
  }

  private choose(values: unknown[]): unknown {
    return this.options.examples ? values[0] : this.random.pick(values);
  }
}

/** The schema's own example: OpenAPI 3.0 `example`, JSON Schema `examples`, then `default`. */
function exampleOf(schema: JsonSchema): unknown {
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  return schema.default;
}

function onlyNull(schema: JsonSchema): boolean {
  const types = schemaTypes(schema);
  return types.length === 1 && types[0] === 'null';
}

function smallestOf(type: string | undefined): unknown {
  switch (type) {
    case 'object':
      return {};
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return '';
  }
}
