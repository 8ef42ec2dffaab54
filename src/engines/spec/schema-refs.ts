import { asObject, type JsonObject } from './json-values.js';
import type { JsonSchema } from './spec-format.js';

/** Where named schemas live in OpenAPI 3 and Swagger 2 documents. */
const NAMED_SCHEMA_REF = /^#\/(?:components\/schemas|definitions)\/(.+)$/;

/**
 * Copies the schemas of a dereferenced document for spec.yaml. The dereference leaves a `$ref` only
 * where a schema refers to itself; those become `#/schemas/Name` and the named schemas are
 * collected (copied the same way), so the written file is self-contained and finite.
 */
export class SchemaCopier {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly pending: string[] = [];

  constructor(private readonly namedSchemas: JsonObject) {}

  copy(value: unknown): JsonSchema | undefined {
    const object = asObject(value);
    return object && (this.copyValue(object) as JsonSchema);
  }

  /** The copied self-referencing schemas, after every operation has been copied. */
  collected(): Record<string, JsonSchema> | undefined {
    for (let name = this.pending.pop(); name !== undefined; name = this.pending.pop()) {
      this.schemas[name] = this.copy(this.namedSchemas[name]) ?? {};
    }
    return Object.keys(this.schemas).length > 0 ? this.schemas : undefined;
  }

  private copyValue(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.copyValue(item));
    const object = asObject(value);
    if (!object) return value;
    if (typeof object.$ref === 'string') return { ...object, $ref: this.rename(object.$ref) };
    const copy: JsonObject = {};
    for (const [key, item] of Object.entries(object)) copy[key] = this.copyValue(item);
    return copy;
  }

  private rename(ref: string): string {
    const match = NAMED_SCHEMA_REF.exec(ref);
    if (!match?.[1]) return ref;
    const name = decodeURIComponent(match[1].replaceAll('~1', '/').replaceAll('~0', '~'));
    if (!(name in this.schemas)) {
      this.schemas[name] = {};
      this.pending.push(name);
    }
    return `#/schemas/${match[1]}`;
  }
}
