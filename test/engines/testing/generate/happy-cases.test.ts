import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FalconSpec } from '../../../../src/engines/spec/spec-format.js';
import { generateCases } from '../../../../src/engines/testing/generate/generate-cases.js';
import { SpecSchemaValidator } from '../../../../src/engines/testing/spec-schema/spec-schema-validator.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import { caseOf, ingestedSpec, NOT_COMPARABLE, operationOf, publicOpenApiSamples, sentBodySchema, sentParameterValue } from './generation-fixtures.js';

/** Each parameter and JSON body a happy case sends, checked with ajv against its schema; returns the problems. */
async function invalidHappyValues(spec: FalconSpec, cases: TestCase[]): Promise<string[]> {
  const validator = await SpecSchemaValidator.load(spec.schemas);
  const problems: string[] = [];
  for (const testCase of cases.filter((candidate) => candidate.kind === 'happy')) {
    const operation = operationOf(spec, testCase.operationId!);
    for (const parameter of operation.parameters) {
      const value = sentParameterValue(testCase.request, parameter);
      if (value === NOT_COMPARABLE || !parameter.schema) continue;
      if (value === undefined) {
        // OpenAPI ignores these header parameters: media types and security describe them.
        const ignored = parameter.in === 'header' && ['accept', 'content-type', 'authorization'].includes(parameter.name.toLowerCase());
        if (parameter.required && !ignored) problems.push(`${testCase.id}: required ${parameter.in} parameter ${parameter.name} not sent`);
        continue;
      }
      if (validator.isValid(parameter.schema, value) !== true) problems.push(`${testCase.id}: ${parameter.in} ${parameter.name} = ${JSON.stringify(value)}`);
    }
    const schema = sentBodySchema(operation, testCase.request);
    if (schema && /json/.test(testCase.request.contentType ?? '') && validator.isValid(schema, testCase.request.body) !== true) {
      problems.push(`${testCase.id}: body ${JSON.stringify(testCase.request.body).slice(0, 300)}`);
    }
  }
  return problems;
}

describe('happy cases', () => {
  let spec: FalconSpec;
  let cases: TestCase[];
  beforeAll(async () => {
    spec = await ingestedSpec('generate-values-3.0.yaml');
    cases = await generateCases(spec, spec.operations, { strategies: ['happy'] });
  });

  it('fills path, query, header and cookie parameters and a JSON body; leaves out Accept and readOnly fields', () => {
    const full = caseOf(cases, 'updateAccount/happy/valid');
    expect(full).toMatchObject({ name: 'PUT /accounts/{accountId} with a valid request', kind: 'happy', operationId: 'updateAccount', tags: [] });
    const { request } = full;
    expect(request).toMatchObject({ method: 'PUT', path: '/accounts/{accountId}', contentType: 'application/json' });
    expect(request.pathParams?.accountId).toEqual(expect.any(Number));
    expect(request.query).toMatchObject({ dryRun: expect.any(Boolean), fields: [expect.stringMatching(/^(name|email)$/)] });
    expect(request.headers?.['X-Request-Id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(request.headers?.['X-Retries']).toMatch(/^[0-5]$/);
    expect(request.headers?.Cookie).toMatch(/^session=[a-f0-9]{16}$/);
    expect(request.headers).not.toHaveProperty('Accept');
    const body = request.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('id');
    expect(body).toMatchObject({
      name: expect.stringMatching(/^[A-Z][a-z]{2,11}$/),
      email: expect.stringMatching(/^[a-z]+@example\.com$/),
      kind: 'person',
      website: expect.stringMatching(/^https:\/\//),
      born: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      seen: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      secret: expect.any(String),
      tags: expect.any(Array),
      address: { city: expect.any(String) },
      audit: { by: expect.any(String), at: expect.any(String) },
    });
    expect(new Set(body.tags as string[]).size).toBe((body.tags as string[]).length);
    expect(Object.keys(body.contact as object)).toHaveLength(1);
  });

  it('adds a case with only the required values when the operation has optional ones', () => {
    const { request } = caseOf(cases, 'updateAccount/happy/required-only');
    expect(Object.keys(request.query ?? {})).toEqual(['dryRun']);
    expect(Object.keys(request.headers ?? {})).toEqual(['X-Request-Id']);
    expect(Object.keys(request.body as object).sort()).toEqual(['email', 'kind', 'name']);
    expect(cases.filter((testCase) => testCase.operationId === 'postAnything').map((testCase) => testCase.id)).toEqual(['postAnything/happy/valid']);
  });

  it('takes examples first: the parameter example, the schema default', () => {
    expect(caseOf(cases, 'search/happy/valid').request.query).toEqual({ q: 'red shoes', page: 3, sort: 'asc' });
    expect(caseOf(cases, 'search/happy/required-only').request.query).toEqual({ q: 'red shoes' });
  });

  it('keeps a multipart body as its fields, the binary ones named as files; an urlencoded one as its exact text', () => {
    const upload = caseOf(cases, 'upload/happy/valid').request;
    expect(upload.contentType).toBe('multipart/form-data');
    expect(upload.body).toEqual({ file: expect.stringMatching(/^[a-z]+$/), title: expect.stringMatching(/^[a-z]+$/) });
    expect(upload.files).toEqual({ file: { filename: 'file.bin', contentType: 'application/octet-stream' } });
    const feedback = caseOf(cases, 'sendFeedback/happy/valid').request;
    expect(feedback.contentType).toBe('application/x-www-form-urlencoded');
    expect(feedback.body).toMatch(/^rating=[1-5]&comment=[a-z]+$/);
  });

  it('bounds a recursive schema', () => {
    const body = caseOf(cases, 'createFolder/happy/valid').request.body;
    expect(JSON.stringify(body).length).toBeLessThan(2000);
    expect(body).toMatchObject({ name: expect.any(String), parent: { name: expect.any(String) } });
  });

  it('uses the media type example of a request body', async () => {
    const petstore = await ingestedSpec('petstore-3.0.yaml');
    const generated = await generateCases(petstore, petstore.operations, { strategies: ['happy'] });
    expect(caseOf(generated, 'createPet/happy/valid').request).toEqual({
      method: 'POST',
      path: '/pets',
      body: { id: 1, name: 'Rex' },
      contentType: 'application/json',
    });
  });

  it('sends the saved bodies of a Postman collection with their {{placeholders}}, and no negative cases', async () => {
    const shop = await ingestedSpec('shop.postman_collection.json');
    const generated = await generateCases(shop, shop.operations);
    expect(generated.filter((testCase) => testCase.kind === 'negative')).toEqual([]);
    expect(caseOf(generated, 'Users_Admin_Create_user/happy/valid').request).toMatchObject({ body: { name: '{{userName}}' }, contentType: 'application/json' });
    expect(caseOf(generated, 'Users_Admin_Create_user/happy/required-only').request.body).toMatchObject({ name: '{{userName}}' });
    expect(caseOf(generated, 'Login/happy/valid').request).toMatchObject({
      body: 'user=ann&password={{password}}',
      contentType: 'application/x-www-form-urlencoded',
    });
  });

  it('gives the same cases on every run for a seed, and other values for another seed', async () => {
    expect(await generateCases(spec, spec.operations)).toEqual(await generateCases(spec, spec.operations));
    const other = await generateCases(spec, spec.operations, { seed: 2, strategies: ['happy'] });
    expect(other.map((testCase) => testCase.id)).toEqual(cases.map((testCase) => testCase.id));
    expect(caseOf(other, 'updateAccount/happy/valid').request.body).not.toEqual(caseOf(cases, 'updateAccount/happy/valid').request.body);
  });

  it('generates values that validate on the fixtures, OpenAPI 3.1 type lists and 2.0 included', async () => {
    for (const file of [
      'generate-values-3.0.yaml',
      'generate-values-3.1.yaml',
      'generate-crud-3.0.yaml',
      'petstore-3.0.yaml',
      'petstore-2.0.json',
      'nullable-3.1.yaml',
      'circular-3.0.yaml',
    ]) {
      const fixture = await ingestedSpec(file);
      const generated = await generateCases(fixture, fixture.operations, { strategies: ['happy'] });
      expect(new Set(generated.map((testCase) => testCase.operationId)).size, file).toBe(fixture.operations.length);
      expect(await invalidHappyValues(fixture, generated), file).toEqual([]);
    }
  });

  it('generates values that validate for every operation of the public OpenAPI 3.0 and 3.1 samples', async () => {
    // JSON Schema cannot satisfy these two: allOf parts that contradict each other.
    const impossible = new Set(['quirks_entirelyIncompatibleAllOf', 'quirks_partiallyUsableIncompatibleAllOf']);
    let operations = 0;
    const samples = await publicOpenApiSamples();
    expect(samples.length).toBeGreaterThanOrEqual(53);
    for (const { file, spec: sample } of samples) {
      const generated = await generateCases(sample, sample.operations, { strategies: ['happy'] });
      const covered = new Set(generated.map((testCase) => testCase.operationId));
      const missing = sample.operations.filter((operation) => !covered.has(operation.id) && !impossible.has(operation.id)).map((operation) => operation.id);
      expect(missing, path.basename(file)).toEqual([]);
      expect(await invalidHappyValues(sample, generated), file).toEqual([]);
      expect(new Set(generated.map((testCase) => testCase.id)).size).toBe(generated.length);
      operations += sample.operations.length;
    }
    expect(operations).toBeGreaterThan(500);
  }, 120_000);
});
