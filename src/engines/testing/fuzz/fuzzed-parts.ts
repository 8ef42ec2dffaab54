import { asObject } from '../../spec/json-values.js';
import type { FalconSpec, JsonSchema, SpecOperation, SpecParameter } from '../../spec/spec-format.js';
import { chooseMediaType } from '../generate/request-body.js';
import { flattenSchema, schemaTypes } from '../generate/schema-shape.js';

const SCALAR_TYPES = new Set(['string', 'integer', 'number', 'boolean']);

/** What fuzzing changes in an operation's requests: its query parameters of scalar or list types, and its body. */
export interface FuzzedParts {
  query: SpecParameter[];
  body?: { mediaType: string; schema?: JsonSchema; required: boolean; mediaTypes: string[] };
}

/**
 * The parts of a request fuzzing draws: query parameters whose values are scalars or lists of
 * scalars, and the body in the media type a valid request uses. Path parameters keep the values of
 * the valid request (ids the API knows), as do headers and cookies.
 */
export function fuzzedParts(operation: SpecOperation, spec: FalconSpec): FuzzedParts {
  const query = operation.parameters.filter((parameter) => parameter.in === 'query' && parameter.schema && isTextual(parameter.schema, spec));
  const requestBody = operation.requestBody;
  const mediaType = requestBody && chooseMediaType(requestBody);
  if (!requestBody || !mediaType) return { query };
  const schema = requestBody.content[mediaType]?.schema;
  return { query, body: { mediaType, ...(schema && { schema }), required: requestBody.required, mediaTypes: Object.keys(requestBody.content) } };
}

export function hasFuzzedParts(parts: FuzzedParts): boolean {
  return parts.query.length > 0 || parts.body !== undefined;
}

/** A value that travels as text: a scalar, or a list of scalars (`tag=a&tag=b`). */
function isTextual(raw: JsonSchema, spec: FalconSpec): boolean {
  const schema = flattenSchema(raw, spec);
  const types = schemaTypes(schema).filter((type) => type !== 'null');
  if (types.length === 0) return Array.isArray(schema.enum);
  if (types.every((type) => SCALAR_TYPES.has(type))) return true;
  if (types.length !== 1 || types[0] !== 'array') return false;
  const items = flattenSchema(asObject(schema.items) ?? {}, spec);
  const itemTypes = schemaTypes(items).filter((type) => type !== 'null');
  return itemTypes.length > 0 && itemTypes.every((type) => SCALAR_TYPES.has(type));
}
