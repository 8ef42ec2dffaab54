import type { JsonObject } from '../../spec/json-values.js';
import { refPointerSegment } from '../../spec/ref-pointer-segment.js';

/** How spec.yaml keeps a self-referencing schema: `{$ref: "#/schemas/Name"}`, the name as a JSON pointer segment. */
export const SPEC_SCHEMA_REF = /^#\/schemas\/(.+)$/;

/** The name of the spec schema a `#/schemas/Name` ref points to; undefined for any other schema. */
export function specSchemaName(schema: JsonObject): string | undefined {
  const match = typeof schema.$ref === 'string' ? SPEC_SCHEMA_REF.exec(schema.$ref) : null;
  return match?.[1] ? refPointerSegment(match[1]) : undefined;
}
