import fc from 'fast-check';
import { asArray, asObject } from '../../spec/json-values.js';
import type { FalconSpec, JsonSchema } from '../../spec/spec-format.js';
import { flattenSchema, mergeSchemas, schemaTypes } from '../generate/schema-shape.js';
import { type FuzzPlace, NAN_LIKE_TEXTS, stringUnit } from './fuzz-alphabet.js';
import { numberInside, numberOutside } from './number-arbitraries.js';
import { stringInside, stringOutside } from './string-arbitraries.js';

/** Levels of objects and arrays built from the schema; deeper ones are their smallest value. Finite for recursive schemas. */
const MAX_DEPTH = 4;
/** Items past minItems: a fuzzed value is about what it holds (long strings aside), not how many. */
const EXTRA_ITEMS = 3;
/** maxItems above this gets no "one item too many" value: such a request weighs a lot and says little. */
const MAX_ITEMS_EXCEEDED = 100;
/** How often fuzzing picks a value inside the schema over one just outside, at each level. */
const INSIDE_WEIGHT = 4;

type Mode = 'valid' | 'fuzz';

/**
 * fast-check arbitraries from the JSON Schemas of one spec, for values sent to `place`:
 * - `valid`: values meant to satisfy the schema at every level (types, enum and const, required
 *   and optional properties, nested objects and arrays, lengths, ranges, multipleOf, formats,
 *   patterns), strings drawn with Unicode, long strings where no maxLength stops them, numbers at
 *   the edges;
 * - `invalid`: values just outside it, each breaking one of its own rules (type, enum, length,
 *   range, integer, multipleOf, pattern, format, item count, a required property missing, a
 *   property it forbids), its parts valid; undefined when the schema allows anything;
 * - `fuzz`: what fuzzing sends, valid values most of the time but just outside at any level, so
 *   that a bad field hides in an otherwise valid body.
 * Whether a value really is valid is for the validator to say: the arbitraries aim, they do not
 * promise (a pattern and a maxLength may disagree, say). Arbitraries are built once per schema
 * object, so a spec's shared schemas cost once.
 */
export class SchemaArbitraries {
  private readonly built = new WeakMap<object, Map<string, fc.Arbitrary<unknown> | undefined>>();

  constructor(
    private readonly spec: FalconSpec,
    private readonly place: FuzzPlace,
  ) {}

  valid(schema: unknown): fc.Arbitrary<unknown> {
    return this.inside(schema, 0, 'valid');
  }

  invalid(schema: unknown): fc.Arbitrary<unknown> | undefined {
    return this.outside(schema, 0);
  }

  fuzz(schema: unknown): fc.Arbitrary<unknown> {
    return this.mixed(schema, 0);
  }

  private mixed(schema: unknown, depth: number): fc.Arbitrary<unknown> {
    return this.cached(schema, `mixed ${depth}`, () => {
      const inside = this.inside(schema, depth, 'fuzz');
      const outside = this.outside(schema, depth);
      return outside ? fc.oneof({ weight: INSIDE_WEIGHT, arbitrary: inside }, { weight: 1, arbitrary: outside }) : inside;
    })!;
  }

  private inside(raw: unknown, depth: number, mode: Mode): fc.Arbitrary<unknown> {
    return this.cached(raw, `inside ${depth} ${mode}`, () => {
      const schema = flattenSchema(raw, this.spec);
      if ('const' in schema) return fc.constant(schema.const);
      if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as unknown[]));
      const branches = asArray(schema.oneOf ?? schema.anyOf);
      if (branches.length > 0) {
        const { oneOf: _oneOf, anyOf: _anyOf, ...rest } = schema;
        return fc.oneof(...branches.map((branch) => this.inside(mergeSchemas(rest, flattenSchema(branch, this.spec)), depth + 1, mode)));
      }
      const types = schemaTypes(schema);
      if (types.length === 0) return this.anything();
      return fc.oneof(...types.map((type) => ({ weight: type === 'null' ? 1 : INSIDE_WEIGHT, arbitrary: this.ofType(type, schema, depth, mode) })));
    })!;
  }

  private ofType(type: string, schema: JsonSchema, depth: number, mode: Mode): fc.Arbitrary<unknown> {
    if (depth > MAX_DEPTH && (type === 'object' || type === 'array')) return fc.constant(type === 'object' ? {} : []);
    switch (type) {
      case 'string':
        return stringInside(schema, this.place);
      case 'integer':
        return numberInside(schema, true);
      case 'number':
        return numberInside(schema, false);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return this.array(schema, depth, mode);
      case 'object':
        return this.object(schema, depth, mode);
      default:
        return this.anything();
    }
  }

  private child(schema: unknown, depth: number, mode: Mode): fc.Arbitrary<unknown> {
    return mode === 'valid' ? this.inside(schema, depth + 1, 'valid') : this.mixed(schema, depth + 1);
  }

  private array(schema: JsonSchema, depth: number, mode: Mode): fc.Arbitrary<unknown[]> {
    const item = this.child(asObject(schema.items) ?? {}, depth, mode);
    const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
    const maxLength = Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY, minLength + EXTRA_ITEMS);
    if (schema.uniqueItems === true) return fc.uniqueArray(item, { minLength, maxLength, selector: (value) => JSON.stringify(value) });
    return fc.array(item, { minLength, maxLength });
  }

  private object(schema: JsonSchema, depth: number, mode: Mode): fc.Arbitrary<Record<string, unknown>> {
    const properties = asObject(schema.properties) ?? {};
    const extra = asObject(schema.additionalProperties);
    const names = Object.keys(properties).filter((name) => !this.isReadOnly(properties[name]));
    const required = this.requiredNames(schema);
    if (names.length === 0 && required.length === 0 && extra) {
      return fc.dictionary(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 8 }), this.child(extra, depth, mode), {
        maxKeys: EXTRA_ITEMS,
        noNullPrototype: true,
      });
    }
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const name of [...names, ...required]) model[name] ??= this.child(properties[name] ?? extra ?? {}, depth, mode);
    return fc.record(model, { requiredKeys: required, noNullPrototype: true });
  }

  private outside(raw: unknown, depth: number): fc.Arbitrary<unknown> | undefined {
    return this.cached(raw, `outside ${depth}`, () => {
      const schema = flattenSchema(raw, this.spec);
      const types = schemaTypes(schema);
      const variants: Array<fc.Arbitrary<unknown>> = [];
      const wrongType = this.wrongType(types);
      if (wrongType) variants.push(wrongType);
      if ('const' in schema) variants.push(fc.constant(notAmong([schema.const])));
      else if (Array.isArray(schema.enum) && schema.enum.length > 0) variants.push(fc.constant(notAmong(schema.enum as unknown[])));
      else if (asArray(schema.oneOf ?? schema.anyOf).length === 0) {
        if (types.includes('string')) variants.push(...stringOutside(schema, this.place));
        const numeric = types.includes('integer') || types.includes('number');
        if (numeric) variants.push(...numberOutside(schema, !types.includes('number')));
        if (types.includes('array')) variants.push(...this.arrayOutside(schema, depth));
        if (types.includes('object')) variants.push(...this.objectOutside(schema, depth));
      }
      return variants.length > 0 ? fc.oneof(...variants) : undefined;
    });
  }

  /** A value of a JSON type the schema does not take; as text, only a word where a number or boolean belongs. */
  private wrongType(types: string[]): fc.Arbitrary<unknown> | undefined {
    if (types.length === 0) return undefined;
    const takes = (type: string) => types.includes(type) || (type === 'integer' && types.includes('number'));
    const numeric = takes('integer') || takes('number');
    if (this.place === 'text') {
      if (takes('string')) return undefined;
      if (numeric) return fc.constantFrom(...NAN_LIKE_TEXTS);
      return takes('boolean') ? fc.constantFrom('maybe', 'abc') : undefined;
    }
    const others: unknown[] = [];
    if (!takes('string')) others.push(...(numeric ? ['NaN', 'Infinity', '12'] : ['text']));
    if (!numeric) others.push(12345);
    if (!takes('boolean')) others.push(true);
    if (!takes('null')) others.push(null);
    if (!takes('object')) others.push({});
    if (!takes('array')) others.push([]);
    return others.length > 0 ? fc.constantFrom(...others) : undefined;
  }

  private arrayOutside(schema: JsonSchema, depth: number): Array<fc.Arbitrary<unknown>> {
    const item = this.inside(asObject(schema.items) ?? {}, depth + 1, 'valid');
    const variants: Array<fc.Arbitrary<unknown>> = [];
    if (typeof schema.maxItems === 'number' && schema.maxItems < MAX_ITEMS_EXCEEDED) {
      variants.push(fc.array(item, { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 1 + EXTRA_ITEMS }));
    }
    if (typeof schema.minItems === 'number' && schema.minItems > 0) variants.push(fc.array(item, { maxLength: schema.minItems - 1 }));
    if (schema.uniqueItems === true) variants.push(item.map((value) => [value, value]));
    return variants;
  }

  private objectOutside(schema: JsonSchema, depth: number): Array<fc.Arbitrary<unknown>> {
    const variants: Array<fc.Arbitrary<unknown>> = [];
    const valid = () => this.inside(schema, depth, 'valid') as fc.Arbitrary<Record<string, unknown>>;
    const required = this.requiredNames(schema);
    if (required.length > 0) {
      variants.push(fc.tuple(valid(), fc.constantFrom(...required)).map(([object, name]) => withoutKey(object, name)));
      variants.push(fc.constant({}));
    }
    const properties = asObject(schema.properties) ?? {};
    let unexpected = 'unexpected_field';
    while (unexpected in properties) unexpected += '_x';
    if (schema.additionalProperties === false) variants.push(valid().map((object) => ({ ...object, [unexpected]: 'unexpected' })));
    return variants;
  }

  /** Required properties a request sends (readOnly ones are the server's to set). */
  private requiredNames(schema: JsonSchema): string[] {
    const properties = asObject(schema.properties) ?? {};
    return asArray(schema.required).filter((name): name is string => typeof name === 'string' && !this.isReadOnly(properties[name]));
  }

  private isReadOnly(schema: unknown): boolean {
    return schema !== undefined && flattenSchema(schema, this.spec).readOnly === true;
  }

  private anything(): fc.Arbitrary<unknown> {
    return this.place === 'json' ? fc.jsonValue({ maxDepth: 2 }) : fc.string({ unit: stringUnit('text', false), maxLength: 16 });
  }

  /** One arbitrary per schema object and use: shared schemas and recursive ones are built once. */
  private cached(schema: unknown, key: string, build: () => fc.Arbitrary<unknown> | undefined): fc.Arbitrary<unknown> | undefined {
    if (typeof schema !== 'object' || schema === null) return build();
    let uses = this.built.get(schema);
    if (!uses) this.built.set(schema, (uses = new Map()));
    if (!uses.has(key)) uses.set(key, build());
    return uses.get(key);
  }
}

/** A value unlike every one given: one past the largest number, the other boolean, else a word none of them is. */
function notAmong(values: unknown[]): unknown {
  if (values.length > 0 && values.every((value) => typeof value === 'number')) return Math.max(...(values as number[])) + 1;
  if (values.length === 1 && typeof values[0] === 'boolean') return !values[0];
  let word = 'not-in-enum';
  while (values.includes(word)) word += '-x';
  return word;
}

function withoutKey(object: Record<string, unknown>, name: string): Record<string, unknown> {
  const { [name]: _removed, ...rest } = object;
  return rest;
}
