import type { FalconSpec, JsonSchema, SpecOperation, SpecParameter, SpecResponse } from '../../../../../src/engines/spec/spec-format.js';

/** The smallest spec: the operations given, nothing else. */
export function spec(operations: SpecOperation[], extra: Partial<FalconSpec> = {}): FalconSpec {
  return {
    format: 'falcon-spec/1',
    source: 'spec.yaml',
    kind: 'openapi',
    specVersion: '3.1.0',
    ingestedAt: '2025-01-01T00:00:00.000Z',
    title: 'Things',
    version: '1.0.0',
    servers: [],
    securitySchemes: {},
    operations,
    ...extra,
  };
}

/** `GET /things` answering 200, unless told otherwise; its id as ingest makes one when the spec has none. */
export function operation(overrides: Partial<SpecOperation> = {}): SpecOperation {
  const method = overrides.method ?? 'GET';
  const path = overrides.path ?? '/things';
  return {
    id: `${method.toLowerCase()}_${path.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '')}`,
    method,
    path,
    tags: [],
    parameters: [],
    responses: { '200': { description: 'ok' } },
    security: [],
    ...overrides,
  };
}

/** `POST /things` whose JSON body is an object with the property `value` of this schema (and `required`). */
export function requestValue(schema: JsonSchema, required = false): FalconSpec {
  const body = { type: 'object', properties: { value: schema }, ...(required && { required: ['value'] }) };
  return spec([operation({ method: 'POST', requestBody: { required: true, content: { 'application/json': { schema: body } } } })]);
}

/** `POST /things` with this body schema. */
export function requestBody(schema: JsonSchema): FalconSpec {
  return spec([operation({ method: 'POST', requestBody: { required: true, content: { 'application/json': { schema } } } })]);
}

/** `GET /things` answering 200 with an object whose required property `value` has this schema. */
export function responseValue(schema: JsonSchema): FalconSpec {
  return responseBody({ type: 'object', required: ['value'], properties: { value: schema } });
}

/** `GET /things` answering 200 with this body schema. */
export function responseBody(schema: JsonSchema): FalconSpec {
  return spec([operation({ responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } })]);
}

/** `GET /things` with these parameters. */
export function withParameters(...parameters: SpecParameter[]): FalconSpec {
  return spec([operation({ parameters })]);
}

/** `GET /things` with these responses. */
export function withResponses(responses: Record<string, SpecResponse>): FalconSpec {
  return spec([operation({ responses })]);
}
