import { prepareRequest } from '../../../../src/engines/http/prepare-request.js';
import type { FalconSpec, JsonSchema, SpecOperation } from '../../../../src/engines/spec/spec-format.js';
import { caseRequestParts, withEncodedMultipart } from '../../../../src/engines/testing/run/case-http-request.js';
import type { SentExchange } from '../../../../src/engines/testing/run/send-case.js';
import type { CaseRequest, TestCase } from '../../../../src/engines/testing/test-case.js';

export function specWith(operations: SpecOperation[], schemas?: Record<string, JsonSchema>): FalconSpec {
  return {
    format: 'falcon-spec/1',
    source: 'inline',
    kind: 'openapi',
    specVersion: '3.0.3',
    ingestedAt: '2024-01-01T00:00:00.000Z',
    title: 'Coverage',
    version: '1.0.0',
    servers: [],
    securitySchemes: {},
    ...(schemas && { schemas }),
    operations,
  };
}

export function operation(id: string, method: string, path: string, extra: Partial<SpecOperation> = {}): SpecOperation {
  return { id, method, path, tags: [], parameters: [], responses: { '200': { description: 'ok' } }, security: [], ...extra };
}

/** The request as the run puts it on the wire (under a base URL with a path of its own), and the status it got. */
export async function sent(operationId: string | undefined, request: CaseRequest, status: number, extra: Partial<TestCase> = {}): Promise<SentExchange> {
  const testCase: TestCase = { id: 'case', name: 'case', kind: 'custom', tags: [], ...(operationId && { operationId }), request, ...extra };
  const parts = await withEncodedMultipart(caseRequestParts(request, 'http://127.0.0.1:9/api/v1'));
  return { case: testCase, request: prepareRequest(parts), status };
}
