import { beforeAll, describe, expect, it } from 'vitest';
import type { FalconSpec } from '../../../../src/engines/spec/spec-format.js';
import { generateCases } from '../../../../src/engines/testing/generate/generate-cases.js';
import { SpecSchemaValidator } from '../../../../src/engines/testing/spec-schema/spec-schema-validator.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import { caseOf, ingestedSpec, NOT_COMPARABLE, operationOf, publicOpenApiSamples, sentBodySchema, sentParameterValue } from './generation-fixtures.js';

/** Boundary cases with any parameter or JSON body the spec refuses: must be none. */
async function invalidBoundaries(spec: FalconSpec, cases: TestCase[]): Promise<string[]> {
  const validator = await SpecSchemaValidator.load(spec.schemas);
  return cases
    .filter((testCase) => testCase.kind === 'boundary')
    .filter((testCase) => {
      const operation = operationOf(spec, testCase.operationId!);
      const badParameter = operation.parameters.some((parameter) => {
        const value = sentParameterValue(testCase.request, parameter);
        return value !== NOT_COMPARABLE && value !== undefined && parameter.schema !== undefined && validator.isValid(parameter.schema, value) !== true;
      });
      const schema = sentBodySchema(operation, testCase.request);
      return badParameter || (schema !== undefined && validator.isValid(schema, testCase.request.body) !== true);
    })
    .map((testCase) => testCase.id);
}

describe('boundary cases', () => {
  let spec: FalconSpec;
  let cases: TestCase[];
  beforeAll(async () => {
    spec = await ingestedSpec('generate-values-3.0.yaml');
    cases = await generateCases(spec, spec.operations, { strategies: ['boundary'] });
  });

  it('puts numbers at their minimum and maximum, inside exclusive ones', () => {
    expect(caseOf(cases, 'updateAccount/boundary/path-accountId-minimum')).toMatchObject({
      kind: 'boundary',
      name: 'PUT /accounts/{accountId} with path parameter "accountId" at its minimum 1',
      mutation: 'path parameter "accountId" set to 1',
      request: { pathParams: { accountId: 1 } },
    });
    expect(caseOf(cases, 'updateAccount/boundary/path-accountId-maximum').request.pathParams).toEqual({ accountId: 999 });
    expect(caseOf(cases, 'search/boundary/query-page-minimum')).toMatchObject({
      name: 'GET /search with query parameter "page" just above its exclusive minimum 0',
      request: { query: { page: 1 } },
    });
    expect(caseOf(cases, 'search/boundary/query-page-maximum').request.query).toMatchObject({ page: 50 });
    expect(caseOf(cases, 'updateAccount/boundary/score-maximum')).toMatchObject({
      name: 'PUT /accounts/{accountId} with "score" just below its exclusive maximum 10',
      request: { body: { score: 9.5 } },
    });
  });

  it('makes strings exactly minLength and maxLength long, keeping their pattern', () => {
    const name = (id: string) => (caseOf(cases, `updateAccount/boundary/${id}`).request.body as { name: string }).name;
    expect(name('name-min-length')).toMatch(/^[A-Z][a-z]{2}$/);
    expect(name('name-max-length')).toMatch(/^[A-Z][a-z]{11}$/);
    expect(caseOf(cases, 'search/boundary/query-q-min-length').request.query?.q).toHaveLength(2);
    expect(caseOf(cases, 'search/boundary/query-q-max-length').request.query?.q).toHaveLength(20);
    expect(caseOf(cases, 'updateAccount/boundary/address-city-min-length').request.body).toMatchObject({ address: { city: expect.stringMatching(/^[a-z]$/) } });
  });

  it('sends arrays empty when they may be, and with exactly their maxItems (unique when asked)', () => {
    const tags = (caseOf(cases, 'updateAccount/boundary/tags-max-items').request.body as { tags: string[] }).tags;
    expect(tags).toHaveLength(4);
    expect(new Set(tags).size).toBe(4);
    expect(caseOf(cases, 'createFolder/boundary/children-empty')).toMatchObject({
      name: 'POST /folders with "children" as an empty array',
      request: { body: { children: [] } },
    });
  });

  it('keeps only valid values', async () => {
    expect(await invalidBoundaries(spec, cases)).toEqual([]);
    let boundaries = 0;
    const samples = await publicOpenApiSamples();
    expect(samples.length).toBeGreaterThanOrEqual(53);
    for (const { file, spec: other } of [{ file: 'generate-values-3.1.yaml', spec: await ingestedSpec('generate-values-3.1.yaml') }, ...samples]) {
      const generated = await generateCases(other, other.operations, { strategies: ['boundary'] });
      expect(await invalidBoundaries(other, generated), file).toEqual([]);
      boundaries += generated.length;
    }
    expect(boundaries).toBeGreaterThan(100);
  }, 120_000);

  it('reads OpenAPI 3.1 exclusive bounds as numbers', async () => {
    const v31 = await ingestedSpec('generate-values-3.1.yaml');
    const generated = await generateCases(v31, v31.operations, { strategies: ['boundary'] });
    expect(caseOf(generated, 'addReading/boundary/value-minimum').request.body).toMatchObject({ value: -49.99 });
    expect(caseOf(generated, 'addReading/boundary/value-maximum').request.body).toMatchObject({ value: 59.99 });
    expect(caseOf(generated, 'addReading/boundary/level-maximum').name).toBe('POST /readings/{sensor} with "level" at its maximum 3');
  });
});
