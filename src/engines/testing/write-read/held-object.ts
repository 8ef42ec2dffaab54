import { asObject } from '../../spec/json-values.js';
import type { FalconSpec, JsonSchema, SpecOperation } from '../../spec/spec-format.js';
import { type CheckedResponse, type DocumentedResponse, responseHeader } from '../checks/check-context.js';
import { isJsonMediaType, mediaTypeOf, matchingMediaType } from '../checks/media-type.js';
import { flattenSchema } from '../generate/schema-shape.js';

/**
 * The object an answer holds, with the schema documented for it: the body itself when its schema
 * lists one of `names` among its properties, else the object property of the body (an envelope's
 * `data`) whose schema does. Undefined when the answer is not such JSON, or documents no schema.
 */
export function heldObject(
  response: CheckedResponse,
  documented: DocumentedResponse | undefined,
  names: readonly string[],
  spec: FalconSpec,
): { object: Record<string, unknown>; schema: JsonSchema } | undefined {
  const schema = documentedSchema(response, documented, spec);
  const body = schema && asObject(jsonBody(response));
  if (!schema || !body) return undefined;
  const lists = (candidate: JsonSchema) => names.some((name) => name in (asObject(candidate.properties) ?? {}));
  if (lists(schema)) return { object: body, schema };
  for (const [name, property] of Object.entries(asObject(schema.properties) ?? {})) {
    const inner = flattenSchema(property, spec);
    const object = asObject(body[name]);
    if (object && lists(inner)) return { object, schema: inner };
  }
  return undefined;
}

/** The schema of the JSON body the operation takes in the media type the case sent (application/json when it names none). */
export function requestSchema(operation: SpecOperation | undefined, contentType: string | undefined): JsonSchema | undefined {
  const content = operation?.requestBody?.content ?? {};
  const sent = mediaTypeOf(contentType) ?? 'application/json';
  const chosen = matchingMediaType(sent, Object.keys(content)) ?? Object.keys(content).find(isJsonMediaType);
  return chosen === undefined ? undefined : content[chosen]?.schema;
}

function documentedSchema(response: CheckedResponse, documented: DocumentedResponse | undefined, spec: FalconSpec): JsonSchema | undefined {
  const content = documented?.response.content ?? {};
  const received = mediaTypeOf(responseHeader(response, 'content-type'));
  const chosen = (received && matchingMediaType(received, Object.keys(content))) ?? Object.keys(content).find(isJsonMediaType);
  const schema = chosen === undefined ? undefined : content[chosen]?.schema;
  return schema && flattenSchema(schema, spec);
}

function jsonBody(response: CheckedResponse): unknown {
  if (response.binary || response.bodyTruncated) return undefined;
  try {
    return JSON.parse(response.body);
  } catch {
    return undefined;
  }
}
