import type { FalconSpec, JsonSchema, SpecOperation, SpecResponse } from '../../../../src/engines/spec/spec-format.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';

/** A spec holding these operations (and the `#/schemas/Name` targets, when given). */
export function specOf(operations: SpecOperation[], schemas?: Record<string, JsonSchema>): FalconSpec {
  return {
    format: 'falcon-spec/1',
    source: 'inline',
    kind: 'openapi',
    specVersion: '3.0.3',
    ingestedAt: '2024-01-01T00:00:00.000Z',
    title: 'Checks',
    version: '1.0.0',
    servers: [],
    securitySchemes: {},
    ...(schemas && { schemas }),
    operations,
  };
}

/** A GET operation with these responses. */
export function getOperation(id: string, path: string, responses: Record<string, SpecResponse>): SpecOperation {
  return { id, method: 'GET', path, tags: [], parameters: [], responses, security: [] };
}

/** `{description, content: {'application/json': {schema}}}`. */
export function jsonResponse(schema?: JsonSchema, headers?: SpecResponse['headers']): SpecResponse {
  return { description: 'ok', content: { 'application/json': schema ? { schema } : {} }, ...(headers && { headers }) };
}

/** A GET of `path` exercising `operationId`. */
export function getCase(id: string, path: string, operationId?: string, extra: Partial<TestCase> = {}): TestCase {
  return { id, name: `GET ${path}`, kind: 'custom', tags: [], ...(operationId && { operationId }), request: { method: 'GET', path }, ...extra };
}
