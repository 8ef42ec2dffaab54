import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertSpec } from '../../src/engines/spec/convert-spec.js';
import type { FalconSpec, SpecOperation, SpecResponse } from '../../src/engines/spec/spec-format.js';
import { acceptHeader, withAcceptHeader } from '../../src/engines/testing/generate/accept-header.js';
import { generateCases } from '../../src/engines/testing/generate/generate-cases.js';
import { smokeCases } from '../../src/engines/testing/generate/smoke-cases.js';
import { runCases } from '../../src/engines/testing/run/run-cases.js';
import { type PrismMock, startPrismMock } from '../apis/prism-mock.js';
import { createTempProject, type TempProject } from '../tools/temp-project.js';

function operation(responses: Record<string, SpecResponse>): SpecOperation {
  return { id: 'op', method: 'GET', path: '/x', tags: [], parameters: [], responses, security: [] };
}

const body = (...mediaTypes: string[]): SpecResponse => ({ description: 'd', content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, {}])) });

describe('acceptHeader', () => {
  it('names the media types of the success responses, JSON first, the others at a lower q', () => {
    expect(acceptHeader(operation({ '200': body('application/json') }))).toBe('application/json');
    expect(acceptHeader(operation({ '200': body('application/xml', 'application/json') }))).toBe('application/json, application/xml;q=0.5');
    expect(acceptHeader(operation({ '201': body('application/xml'), '2XX': body('application/hal+json; charset=utf-8', 'Application/JSON') }))).toBe(
      'application/hal+json, application/json, application/xml;q=0.5',
    );
    expect(acceptHeader(operation({ '200': body('text/csv', '*/*') }))).toBe('text/csv, */*');
  });

  it('leaves the error responses out, and is undefined when no success response has a body', () => {
    expect(acceptHeader(operation({ '200': body('application/xml'), '404': body('application/problem+json'), default: body('text/html') }))).toBe(
      'application/xml',
    );
    expect(acceptHeader(operation({ '204': { description: 'gone' }, '400': body('application/json') }))).toBeUndefined();
  });

  it('is added unless the headers already name an Accept, in any case', () => {
    const op = operation({ '200': body('application/json') });
    expect(withAcceptHeader({ 'X-Id': '1' }, op)).toEqual({ 'X-Id': '1', Accept: 'application/json' });
    expect(withAcceptHeader({ accept: 'text/csv' }, op)).toEqual({ accept: 'text/csv' });
    expect(withAcceptHeader({}, operation({ '204': { description: 'gone' } }))).toEqual({});
  });
});

/** JSON documented after XML, as Swagger 2 specs with `produces: [application/xml, application/json]` have it. */
const XML_FIRST_SPEC = {
  openapi: '3.0.3',
  info: { title: 'Both', version: '1' },
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        parameters: [{ name: 'Accept', in: 'header', schema: { type: 'string', example: 'text/plain' } }],
        responses: {
          '200': {
            description: 'Pets',
            content: {
              'application/xml': { schema: { $ref: '#/components/schemas/Pets' } },
              'application/json': { schema: { $ref: '#/components/schemas/Pets' } },
            },
          },
        },
      },
      post: {
        operationId: 'addPet',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
        responses: {
          '201': {
            description: 'Added',
            content: {
              'application/xml': { schema: { $ref: '#/components/schemas/Pet' } },
              'application/json': { schema: { $ref: '#/components/schemas/Pet' } },
            },
          },
          '400': { description: 'Invalid' },
        },
      },
    },
  },
  components: {
    schemas: {
      Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } }, additionalProperties: false },
      Pets: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
    },
  },
};

describe('generated cases', () => {
  let project: TempProject;
  let spec: FalconSpec;
  let prism: PrismMock;
  beforeAll(async () => {
    project = await createTempProject();
    const specFile = await project.write('openapi.json', JSON.stringify(XML_FIRST_SPEC));
    spec = await convertSpec('openapi.json', project.root, new AbortController().signal);
    prism = await startPrismMock(specFile);
  });
  afterAll(async () => {
    await prism?.close();
    await project?.remove();
  });

  it('send the Accept of their operation, whatever their kind, and not the value of an Accept parameter', async () => {
    const cases = [...(await generateCases(spec, spec.operations)), ...smokeCases(spec.operations)];
    expect(new Set(cases.map((testCase) => testCase.kind))).toEqual(new Set(['happy', 'boundary', 'negative', 'fuzz', 'smoke']));
    for (const testCase of cases.filter((candidate) => candidate.operationId)) {
      expect(testCase.request.headers, testCase.id).toEqual(expect.objectContaining({ Accept: 'application/json, application/xml;q=0.5' }));
    }
  });

  it('get JSON from a server that negotiates, where XML is documented first', async () => {
    const cases = await generateCases(spec, spec.operations, { strategies: ['happy'] });
    const run = await runCases(cases, { baseUrl: prism.url, spec });
    expect(run.results.map((result) => [result.case.id, result.response?.status, result.response?.headers['content-type']])).toEqual([
      ['listPets/happy/valid', 200, expect.stringMatching(/^application\/json/)],
      ['addPet/happy/valid', 201, expect.stringMatching(/^application\/json/)],
    ]);
    expect(run.results.flatMap((result) => result.findings)).toEqual([]);
  });
});
