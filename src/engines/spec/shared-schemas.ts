import { asObject } from './json-values.js';
import { SpecError } from './spec-error.js';
import type { FalconSpec, JsonSchema } from './spec-format.js';

const SHARED_REF_PREFIX = '#/sharedSchemas/';
/** The name each shared schema had in the spec, by the object put in place of its refs. */
const SHARED_NAMES = new WeakMap<object, string>();

/** The part of spec.yaml that only the file has: named schemas kept once, by name. */
export interface SharedSchemaSection {
  sharedSchemas?: Record<string, JsonSchema>;
}

/** What spec.yaml stores: a FalconSpec whose named schemas are `{$ref: "#/sharedSchemas/Name"}`. */
export type StoredSpec = FalconSpec & SharedSchemaSection;

/** `Name` → `#/sharedSchemas/Name`, the name as a JSON pointer segment. */
export function sharedSchemaRef(name: string): string {
  return SHARED_REF_PREFIX + name.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * Puts each shared schema in place of its refs, the same object at every use, and drops the
 * `sharedSchemas` section: what every reader of spec.yaml gets, so that in memory every schema is
 * resolved except the self-referencing ones (`#/schemas/Name`). Changes `stored` in place.
 */
export function inlineSharedSchemas(stored: StoredSpec, shown: string): FalconSpec {
  const { sharedSchemas, ...spec } = stored;
  const shared = asObject(sharedSchemas) ?? {};
  const resolved = new Map<string, unknown>();
  const resolving = new Set<string>();
  // An object may be met twice (one body schema for several media types); its refs are replaced the first time.
  const visited = new Set<object>();

  const resolve = (name: string): unknown => {
    if (resolved.has(name)) return resolved.get(name);
    if (resolving.has(name)) throw new SpecError(`${shown}: shared schema "${name}" contains itself; ingest the spec again`);
    if (!Object.hasOwn(shared, name)) throw new SpecError(`${shown}: a $ref names shared schema "${name}", which sharedSchemas lacks; ingest the spec again`);
    resolving.add(name);
    const schema = inline(shared[name]);
    if (typeof schema === 'object' && schema !== null) SHARED_NAMES.set(schema, name);
    resolving.delete(name);
    resolved.set(name, schema);
    return schema;
  };

  const inline = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const name = Array.isArray(value) ? undefined : sharedName(value as Record<string, unknown>);
    if (name !== undefined) return resolve(name);
    if (visited.has(value)) return value;
    visited.add(value);
    const entries = value as Record<string, unknown>;
    for (const key of Object.keys(entries)) {
      const item = entries[key];
      const next = inline(item);
      if (next !== item) entries[key] = next;
    }
    return value;
  };

  if (sharedSchemas === undefined) return spec;
  inline(spec.operations);
  if (spec.schemas) inline(spec.schemas);
  return spec;
}

/**
 * The name a schema had in the spec (`components/schemas`, `definitions`), for a shared schema
 * put in place by inlineSharedSchemas: what a discriminator's mapping names it by.
 */
export function sharedSchemaName(schema: unknown): string | undefined {
  return typeof schema === 'object' && schema !== null ? SHARED_NAMES.get(schema) : undefined;
}

/** The name in `{$ref: "#/sharedSchemas/Name"}` (nothing else beside it), else undefined. */
function sharedName(object: Record<string, unknown>): string | undefined {
  const ref = object.$ref;
  if (typeof ref !== 'string' || !ref.startsWith(SHARED_REF_PREFIX)) return undefined;
  for (const key in object) if (key !== '$ref') return undefined;
  return ref.slice(SHARED_REF_PREFIX.length).replaceAll('~1', '/').replaceAll('~0', '~');
}
