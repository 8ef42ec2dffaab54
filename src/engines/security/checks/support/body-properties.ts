import { asArray, asObject } from '../../../spec/json-values.js';
import type { FalconSpec, JsonSchema, SpecOperation } from '../../../spec/spec-format.js';
import { flattenSchema } from '../../../testing/generate/schema-shape.js';

/** The top-level properties of an operation's JSON request body, as its schema declares them. */
export interface RequestProperties {
  /** Properties a client may send: declared and not `readOnly`. */
  writable: Set<string>;
  required: string[];
}

export function requestProperties(operation: SpecOperation, spec: FalconSpec): RequestProperties | undefined {
  const schema = jsonSchemaOf(operation.requestBody?.content, spec);
  const properties = schema && asObject(schema.properties);
  if (!schema || !properties) return undefined;
  const writable = Object.entries(properties).filter(([, property]) => flattenSchema(property, spec).readOnly !== true).map(([name]) => name);
  return { writable: new Set(writable), required: asArray(schema.required).filter((name): name is string => typeof name === 'string') };
}

/** The properties of the record a 2xx answer documents (the items', for a list). */
export function responseProperties(operation: SpecOperation, spec: FalconSpec): string[] {
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!/^2\d\d$/.test(status)) continue;
    const schema = jsonSchemaOf(response.content, spec);
    const record = schema && (schema.type === 'array' ? flattenSchema(schema.items, spec) : schema);
    const properties = record && asObject(record.properties);
    if (properties) return Object.keys(properties);
  }
  return [];
}

/** The JSON media type's schema, refs followed and allOf merged. */
function jsonSchemaOf(content: Record<string, { schema?: JsonSchema }> | undefined, spec: FalconSpec): JsonSchema | undefined {
  const media = Object.entries(content ?? {}).find(([type]) => /json/i.test(type))?.[1];
  return media?.schema && flattenSchema(media.schema, spec);
}
