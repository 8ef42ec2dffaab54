import { beforeAll, describe, expect, it } from 'vitest';
import type { FalconSpec } from '../../../../src/engines/spec/spec-format.js';
import { generateCases } from '../../../../src/engines/testing/generate/generate-cases.js';
import { MALFORMED_FORMATS } from '../../../../src/engines/testing/generate/malformed-formats.js';
import { SpecSchemaValidator } from '../../../../src/engines/testing/spec-schema/spec-schema-validator.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import { caseOf, ingestedSpec, NOT_COMPARABLE, operationOf, publicOpenApiSamples, sentBodySchema, sentParameterValue } from './generation-fixtures.js';

/**
 * The negative cases whose request is in fact valid by the spec: must be none. A malformed value of
 * a format ajv does not check (`idn-email`) is invalid by construction, not by ajv.
 */
async function validNegatives(spec: FalconSpec, cases: TestCase[]): Promise<string[]> {
  const validator = await SpecSchemaValidator.load(spec.schemas);
  const uncheckedFormat = (id: string) => MALFORMED_FORMATS.some((format) => id.endsWith(`-malformed-${format}`) && !validator.checksFormat(format));
  return cases
    .filter((testCase) => testCase.kind === 'negative' && !uncheckedFormat(testCase.id))
    .filter((testCase) => {
      const operation = operationOf(spec, testCase.operationId!);
      const { request } = testCase;
      if (operation.requestBody?.required && request.body === undefined) return false;
      const parameterInvalid = operation.parameters.some((parameter) => {
        const value = sentParameterValue(request, parameter);
        if (value === NOT_COMPARABLE) return false;
        if (value === undefined) return parameter.required;
        return parameter.schema !== undefined && validator.isValid(parameter.schema, value) === false;
      });
      const schema = sentBodySchema(operation, request);
      const bodyInvalid = schema !== undefined && validator.isValid(schema, formFields(request.contentType, request.body)) === false;
      return !parameterInvalid && !bodyInvalid;
    })
    .map((testCase) => testCase.id);
}

/** A form body's fields as an object (their values as text); any other body as it is. */
function formFields(contentType: string | undefined, body: unknown): unknown {
  if (typeof body !== 'string') return body;
  if (/urlencoded/.test(contentType ?? '')) return Object.fromEntries(new URLSearchParams(body));
  if (!/multipart/.test(contentType ?? '')) return body;
  const fields = [...body.matchAll(/name="([^"]+)"[^]*?\r\n\r\n([^]*?)\r\n--/g)];
  return Object.fromEntries(fields.map((match) => [match[1], match[2]]));
}

describe('negative cases', () => {
  let spec: FalconSpec;
  let cases: TestCase[];
  beforeAll(async () => {
    spec = await ingestedSpec('generate-values-3.0.yaml');
    cases = await generateCases(spec, spec.operations, { strategies: ['negative'] });
  });

  it('marks each as a negative case expecting rejection, with the change in words', () => {
    expect(cases.length).toBeGreaterThan(40);
    for (const testCase of cases) {
      expect(testCase).toMatchObject({ kind: 'negative', expectRejection: true, mutation: expect.any(String) });
      expect(testCase.id).toMatch(new RegExp(`^${testCase.operationId}/negative/[A-Za-z0-9_-]+$`));
    }
    expect(new Set(cases.map((testCase) => testCase.id)).size).toBe(cases.length);
  });

  it('leaves out a required body field', () => {
    const missing = caseOf(cases, 'updateAccount/negative/name-missing');
    expect(missing).toMatchObject({ name: 'PUT /accounts/{accountId} without required "name"', mutation: 'removed the required body field "name"' });
    expect(missing.request.body).not.toHaveProperty('name');
    expect(missing.request.body).toHaveProperty('email');
    expect(caseOf(cases, 'updateAccount/negative/address-city-missing').request.body).toMatchObject({ address: { zip: expect.any(String) } });
    expect(cases.map((testCase) => testCase.id)).not.toContain('updateAccount/negative/website-missing');
  });

  it('sends values of the wrong type, out of range, too short or long, outside the enum, not matching the pattern', () => {
    const body = (id: string) => caseOf(cases, `updateAccount/negative/${id}`).request.body as Record<string, unknown>;
    expect(body('name-wrong-type').name).toBe(12345);
    expect(caseOf(cases, 'updateAccount/negative/name-wrong-type').name).toBe(
      'PUT /accounts/{accountId} with "name" of the wrong type (a number 12345 instead of string)',
    );
    expect(body('small-wrong-type').small).toBe('not-a-number');
    expect(body('name-too-short').name).toHaveLength(2);
    expect(body('name-too-long').name).toHaveLength(13);
    expect(body('name-pattern-mismatch').name).not.toMatch(/^[A-Z][a-z]+$/);
    expect(body('kind-bad-enum').kind).toBe('not-in-enum');
    expect(body('score-below-minimum').score).toBeLessThan(0);
    expect(caseOf(cases, 'updateAccount/negative/score-above-maximum')).toMatchObject({
      name: 'PUT /accounts/{accountId} with "score" at its exclusive maximum 10',
      request: { body: { score: 10 } },
    });
    expect(body('tags-too-few-items').tags).toHaveLength(1);
    expect(body('tags-too-many-items').tags).toHaveLength(5);
    expect(body('address-zip-pattern-mismatch')).toMatchObject({ address: { zip: '!!!' } });
  });

  it('adds a field where additionalProperties is false', () => {
    const unexpected = caseOf(cases, 'updateAccount/negative/body-unexpected-field');
    expect(unexpected).toMatchObject({
      name: 'PUT /accounts/{accountId} with the unexpected field "unexpected_field"',
      mutation: 'added the field "unexpected_field" where additionalProperties is false',
    });
    expect(unexpected.request.body).toHaveProperty('unexpected_field', 'unexpected');
    expect(cases.map((testCase) => testCase.id)).not.toContain('createFolder/negative/body-unexpected-field');
  });

  it('leaves out required query and header parameters and sends path and query parameters of the wrong type', () => {
    const query = caseOf(cases, 'updateAccount/negative/query-dryRun-missing');
    expect(query.name).toBe('PUT /accounts/{accountId} without required query parameter "dryRun"');
    expect(query.request.query).not.toHaveProperty('dryRun');
    expect(query.request.query).toHaveProperty('fields');
    expect(caseOf(cases, 'updateAccount/negative/header-X-Request-Id-missing').request.headers).not.toHaveProperty('X-Request-Id');
    expect(caseOf(cases, 'updateAccount/negative/path-accountId-wrong-type').request.pathParams).toEqual({ accountId: 'not-a-number' });
    expect(caseOf(cases, 'updateAccount/negative/query-dryRun-wrong-type').request.query).toMatchObject({ dryRun: 'not-a-boolean' });
    expect(caseOf(cases, 'search/negative/query-page-below-minimum')).toMatchObject({
      name: 'GET /search with query parameter "page" at its exclusive minimum 0',
      request: { query: { page: 0 } },
    });
    expect(caseOf(cases, 'search/negative/query-q-too-short').request.query).toMatchObject({ q: 'r' });
    const noBody = caseOf(cases, 'updateAccount/negative/body-missing');
    expect(noBody.name).toBe('PUT /accounts/{accountId} without its required body');
    expect(noBody.request).not.toHaveProperty('body');
    expect(noBody.request).not.toHaveProperty('contentType');
  });

  it('drops a change that the schema accepts after all', () => {
    const ids = cases.map((testCase) => testCase.id);
    // 9223372036854775808 is the same double as the maximum 9223372036854775807: valid, so no case.
    expect(ids).toContain('updateAccount/negative/counter-wrong-type');
    expect(ids).not.toContain('updateAccount/negative/counter-above-maximum');
    // A field without a type takes any value: no wrong type for it.
    expect(ids.filter((id) => id.startsWith('postAnything/'))).toEqual([
      'postAnything/negative/body-missing',
      'postAnything/negative/body-wrong-type',
      'postAnything/negative/free-missing',
    ]);
  });

  it('changes only the top-level fields of a form body, and not their types', () => {
    const ids = cases.filter((testCase) => testCase.operationId === 'sendFeedback').map((testCase) => testCase.id);
    expect(ids).toEqual(['sendFeedback/negative/body-missing', 'sendFeedback/negative/rating-missing']);
    expect(caseOf(cases, 'sendFeedback/negative/rating-missing').request.body).toMatch(/^comment=[a-z]+$/);
  });

  it('never produces a request that is valid by the spec', async () => {
    expect(await validNegatives(spec, cases)).toEqual([]);
    for (const file of ['generate-values-3.1.yaml', 'generate-crud-3.0.yaml', 'petstore-3.0.yaml', 'petstore-2.0.json', 'negative-formats-3.0.yaml']) {
      const fixture = await ingestedSpec(file);
      const generated = await generateCases(fixture, fixture.operations, { strategies: ['negative'] });
      expect(generated.length, file).toBeGreaterThan(0);
      expect(await validNegatives(fixture, generated), file).toEqual([]);
    }
  });

  it('never produces a request that is valid by the spec for the public OpenAPI 3.0 and 3.1 samples', async () => {
    let negatives = 0;
    const samples = await publicOpenApiSamples();
    expect(samples.length).toBeGreaterThanOrEqual(53);
    for (const { file, spec: sample } of samples) {
      const generated = await generateCases(sample, sample.operations, { strategies: ['negative'] });
      expect(await validNegatives(sample, generated), file).toEqual([]);
      negatives += generated.length;
    }
    expect(negatives).toBeGreaterThan(1000);
  }, 120_000);

  it('names the Petstore cases as a reader expects', async () => {
    for (const file of ['petstore-3.0.yaml', 'petstore-2.0.json']) {
      const petstore = await ingestedSpec(file);
      const generated = await generateCases(petstore, petstore.operations, { strategies: ['negative'] });
      expect(caseOf(generated, 'createPet/negative/name-missing').name).toBe('POST /pets without required "name"');
      expect(caseOf(generated, 'showPetById/negative/path-petId-wrong-type').request.pathParams).toEqual({ petId: 'not-a-number' });
    }
    const v31 = await ingestedSpec('generate-values-3.1.yaml');
    const generated = await generateCases(v31, v31.operations, { strategies: ['negative'] });
    expect(caseOf(generated, 'addReading/negative/kind-bad-const').request.body).toMatchObject({ kind: 'not-in-enum' });
    expect(caseOf(generated, 'addReading/negative/path-sensor-pattern-mismatch').request.pathParams).toEqual({ sensor: '!!!' });
  });
});
