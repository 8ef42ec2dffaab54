import { asArray, asObject, asString, entriesOf, type JsonObject } from './json-values.js';
import type { SchemaCopier } from './schema-refs.js';
import type { SpecHeader, SpecLink, SpecMediaType, SpecParameter, SpecRequestBody, SpecResponse } from './spec-format.js';

/** The id of the operation a link leads to (by `operationId` or `operationRef`), if it is in the document. */
export type LinkTargetResolver = (link: JsonObject) => string | undefined;

const PARAMETER_PLACES = new Set(['path', 'query', 'header', 'cookie']);
/** Swagger 2 keeps a parameter's schema keywords on the parameter itself. */
const NOT_SCHEMA_KEYS = new Set(['name', 'in', 'required', 'description', 'allowEmptyValue', 'collectionFormat', 'x-example']);

/** Path-level then operation-level parameters; the operation's replace the path's by name+in. */
export function mergeParameters(pathLevel: unknown, operationLevel: unknown): JsonObject[] {
  const merged = new Map<string, JsonObject>();
  for (const parameter of [...asArray(pathLevel), ...asArray(operationLevel)]) {
    const object = asObject(parameter);
    if (object) merged.set(`${String(object.in)}:${String(object.name)}`, object);
  }
  return [...merged.values()];
}

/** Path, query, header and cookie parameters (Swagger 2 body and formData ones are bodies). */
export function convertParameter(parameter: JsonObject, schemas: SchemaCopier): SpecParameter | undefined {
  const place = asString(parameter.in);
  const name = asString(parameter.name);
  if (!name || !place || !PARAMETER_PLACES.has(place)) return undefined;
  const schema = schemas.copy(parameter.schema) ?? firstContentSchema(parameter.content, schemas) ?? swagger2Schema(parameter, schemas);
  const example = parameter.example ?? firstExample(parameter.examples) ?? parameter['x-example'];
  return {
    name,
    in: place as SpecParameter['in'],
    required: place === 'path' || parameter.required === true,
    ...(schema && { schema }),
    ...(asString(parameter.description) && { description: asString(parameter.description) }),
    ...(example !== undefined && { example }),
  };
}

/** OpenAPI 3 `requestBody`. */
export function convertRequestBody(body: unknown, schemas: SchemaCopier): SpecRequestBody | undefined {
  const object = asObject(body);
  if (!object) return undefined;
  return { required: object.required === true, content: convertContent(object.content, schemas) };
}

/** Swagger 2 `in: body` / `in: formData` parameters as a request body, one entry per media type consumed. */
export function swagger2RequestBody(parameters: JsonObject[], consumes: string[], schemas: SchemaCopier): SpecRequestBody | undefined {
  const body = parameters.find((parameter) => parameter.in === 'body');
  if (body) {
    const schema = schemas.copy(body.schema);
    const content = Object.fromEntries(consumes.map((mediaType) => [mediaType, schema ? { schema } : {}]));
    return { required: body.required === true, content };
  }
  const fields = parameters.filter((parameter) => parameter.in === 'formData');
  if (fields.length === 0) return undefined;
  const properties = Object.fromEntries(fields.map((field) => [String(field.name), swagger2Schema(field, schemas) ?? {}]));
  const required = fields.filter((field) => field.required === true).map((field) => String(field.name));
  const schema = { type: 'object', properties, ...(required.length > 0 && { required }) };
  const mediaType = consumes.find((type) => type === 'multipart/form-data') ?? 'application/x-www-form-urlencoded';
  return { required: required.length > 0, content: { [mediaType]: { schema } } };
}

/** OpenAPI 3 responses. */
export function convertResponses(responses: unknown, schemas: SchemaCopier, linkTarget: LinkTargetResolver): Record<string, SpecResponse> {
  const result: Record<string, SpecResponse> = {};
  for (const [status, value] of entriesOf(responses)) {
    const response = asObject(value) ?? {};
    const content = convertContent(response.content, schemas);
    const headers = convertHeaders(response.headers, schemas);
    const links = convertLinks(response.links, linkTarget);
    result[status] = {
      description: asString(response.description) ?? '',
      ...(Object.keys(content).length > 0 && { content }),
      ...(headers && { headers }),
      ...(links && { links }),
    };
  }
  return result;
}

function convertLinks(links: unknown, linkTarget: LinkTargetResolver): Record<string, SpecLink> | undefined {
  const entries = entriesOf(links).flatMap(([name, value]): [string, SpecLink][] => {
    const link = asObject(value) ?? {};
    const operationId = linkTarget(link);
    if (!operationId) return [];
    const parameters = asObject(link.parameters);
    const description = asString(link.description);
    return [
      [
        name,
        {
          operationId,
          ...(parameters && Object.keys(parameters).length > 0 && { parameters }),
          ...(link.requestBody !== undefined && { requestBody: link.requestBody }),
          ...(description && { description }),
        },
      ],
    ];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** Swagger 2 responses: `schema` and `examples` spread over the media types produced. */
export function swagger2Responses(responses: unknown, produces: string[], schemas: SchemaCopier): Record<string, SpecResponse> {
  const result: Record<string, SpecResponse> = {};
  for (const [status, value] of entriesOf(responses)) {
    const response = asObject(value) ?? {};
    const schema = schemas.copy(response.schema);
    const examples = asObject(response.examples) ?? {};
    const content: Record<string, SpecMediaType> = {};
    for (const mediaType of new Set([...(schema ? produces : []), ...Object.keys(examples)])) {
      content[mediaType] = { ...(schema && { schema }), ...(examples[mediaType] !== undefined && { example: examples[mediaType] }) };
    }
    const headers = convertHeaders(response.headers, schemas);
    result[status] = {
      description: asString(response.description) ?? '',
      ...(Object.keys(content).length > 0 && { content }),
      ...(headers && { headers }),
    };
  }
  return result;
}

function convertContent(content: unknown, schemas: SchemaCopier): Record<string, SpecMediaType> {
  const result: Record<string, SpecMediaType> = {};
  for (const [mediaType, value] of entriesOf(content)) {
    const media = asObject(value) ?? {};
    const schema = schemas.copy(media.schema);
    const example = media.example ?? firstExample(media.examples);
    const examples = namedExamples(media.examples);
    result[mediaType] = { ...(schema && { schema }), ...(example !== undefined && { example }), ...(examples && { examples }) };
  }
  return result;
}

function convertHeaders(headers: unknown, schemas: SchemaCopier): Record<string, SpecHeader> | undefined {
  const entries = entriesOf(headers).map(([name, value]): [string, SpecHeader] => {
    const header = asObject(value) ?? {};
    const schema = schemas.copy(header.schema) ?? swagger2Schema(header, schemas);
    const description = asString(header.description);
    return [name, { required: header.required === true, ...(schema && { schema }), ...(description && { description }) }];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The value of the first named example (`examples: {one: {value: …}}`). */
function firstExample(examples: unknown): unknown {
  const first = entriesOf(examples)[0]?.[1];
  return asObject(first)?.value;
}

/** Each named example's value, by name; undefined when there is none. */
function namedExamples(examples: unknown): Record<string, unknown> | undefined {
  const entries = entriesOf(examples).flatMap(([name, example]) => {
    const value = asObject(example)?.value;
    return value === undefined ? [] : [[name, value] as const];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function firstContentSchema(content: unknown, schemas: SchemaCopier): SpecParameter['schema'] {
  return schemas.copy(asObject(entriesOf(content)[0]?.[1])?.schema);
}

function swagger2Schema(object: JsonObject, schemas: SchemaCopier): SpecParameter['schema'] {
  const keywords = Object.fromEntries(Object.entries(object).filter(([key]) => !NOT_SCHEMA_KEYS.has(key)));
  return Object.keys(keywords).length > 0 ? schemas.copy(keywords) : undefined;
}
