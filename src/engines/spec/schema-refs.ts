import { asObject, type JsonObject } from './json-values.js';
import { sharedSchemaRef } from './shared-schemas.js';
import type { JsonSchema } from './spec-format.js';
import { refPointerSegment } from './ref-pointer-segment.js';

/** Where named schemas live in OpenAPI 3 and Swagger 2 documents. */
const NAMED_SCHEMA_REF = /^#\/(?:components\/schemas|definitions)\/(.+)$/;

/**
 * Copies the schemas of a dereferenced document for spec.yaml. The dereference puts the same object
 * wherever a named schema (`components/schemas`, `definitions`) is used: that one is copied once,
 * into `shared`, and each use becomes a `#/sharedSchemas/Name` ref (readers put it back in place,
 * see inlineSharedSchemas). It leaves a `$ref` only where a schema refers to itself; those become
 * `#/schemas/Name` and the named schemas are collected into `circular`, so the written file is
 * self-contained and finite.
 */
export class SchemaCopier {
  private readonly circular = new Map<string, JsonSchema>();
  private readonly shared = new Map<string, JsonSchema>();
  private readonly pending: Array<[string, JsonObject]> = [];
  private readonly names: Map<object, string>;

  /** `document` is the whole dereferenced document, for refs that point elsewhere than to a named schema. */
  constructor(
    private readonly namedSchemas: JsonObject,
    private readonly document: JsonObject,
  ) {
    this.names = new Map(Object.entries(namedSchemas).flatMap(([name, schema]) => (asObject(schema) ? [[schema as object, name]] : [])));
  }

  copy(value: unknown): JsonSchema | undefined {
    const object = asObject(value);
    return object && (this.copyValue(object) as JsonSchema);
  }

  /** The self-referencing and the shared schemas, after every operation has been copied. */
  collected(): { circular?: Record<string, JsonSchema>; shared?: Record<string, JsonSchema> } {
    for (let next = this.pending.pop(); next !== undefined; next = this.pending.pop()) {
      this.circular.set(next[0], this.copyContent(next[1]));
    }
    return {
      ...(this.circular.size > 0 && { circular: Object.fromEntries(this.circular) }),
      ...(this.shared.size > 0 && { shared: Object.fromEntries(this.shared) }),
    };
  }

  private copyValue(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.copyValue(item));
    const object = asObject(value);
    if (!object) return value;
    const name = this.names.get(object);
    if (name === undefined) return this.copyContent(object);
    if (!this.shared.has(name)) {
      this.shared.set(name, {});
      this.shared.set(name, this.copyContent(object));
    }
    return { $ref: sharedSchemaRef(name) };
  }

  private copyContent(object: JsonObject): JsonSchema {
    if (typeof object.$ref === 'string') return { ...object, $ref: this.rename(object.$ref) };
    // fromEntries, not assignment: a property named `__proto__` stays a property.
    return Object.fromEntries(Object.entries(object).map(([key, item]) => [key, this.copyValue(item)]));
  }

  /**
   * A ref the dereference left in place (a cycle): to a named schema it keeps the name; to any other
   * place in the document (`#/paths/~1pets/post/…`) the pointer itself becomes the name.
   */
  private rename(ref: string): string {
    const named = NAMED_SCHEMA_REF.exec(ref);
    const local = /^#\/(.+)$/.exec(ref);
    if (!local?.[1]) return ref;
    const segments = (named?.[1] ?? local[1]).split('/').map(refPointerSegment);
    const target = named ? asObject(this.namedSchemas[segments[0]!]) : valueAt(this.document, segments);
    if (!target) return ref;
    const name = segments.join('/');
    if (!this.circular.has(name)) {
      this.circular.set(name, {});
      this.pending.push([name, target]);
    }
    return `#/schemas/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
  }
}

function valueAt(document: JsonObject, segments: string[]): JsonObject | undefined {
  let value: unknown = document;
  for (const segment of segments) value = Array.isArray(value) ? value[Number(segment)] : asObject(value)?.[segment];
  return asObject(value);
}
