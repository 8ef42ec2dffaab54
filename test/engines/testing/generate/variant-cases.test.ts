import { beforeAll, describe, expect, it } from 'vitest';
import type { FalconSpec, SpecOperation } from '../../../../src/engines/spec/spec-format.js';
import { generateCases } from '../../../../src/engines/testing/generate/generate-cases.js';
import { SpecSchemaValidator } from '../../../../src/engines/testing/spec-schema/spec-schema-validator.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import { specOf } from '../checks/spec-fixture.js';
import { caseOf, ingestedSpec } from './generation-fixtures.js';

const happyOf = (cases: TestCase[], operationId: string) => cases.filter((testCase) => testCase.kind === 'happy' && testCase.operationId === operationId);
const ids = (cases: TestCase[]) => cases.map((testCase) => testCase.id);

describe('happy cases for every documented variant', () => {
  let spec: FalconSpec;
  let cases: TestCase[];
  beforeAll(async () => {
    spec = await ingestedSpec('near-miss-values-3.0.yaml');
    cases = await generateCases(spec, spec.operations, { strategies: ['happy'] });
  });

  it("send each enum value of a query filter once, the valid request's value counted; a list of them one item at a time", () => {
    expect(caseOf(cases, 'listReports/happy/valid').request.query).toEqual({ period: 'day', kinds: ['sales'] });
    expect(ids(happyOf(cases, 'listReports'))).toEqual([
      'listReports/happy/valid',
      'listReports/happy/required-only',
      'listReports/happy/query-period-week',
      'listReports/happy/query-period-month',
      'listReports/happy/query-period-year',
      'listReports/happy/query-kinds-stock',
    ]);
    expect(caseOf(cases, 'listReports/happy/query-period-year')).toMatchObject({
      name: 'GET /reports with query parameter "period" set to "year"',
      request: { query: { period: 'year', kinds: ['sales'] } },
    });
    expect(caseOf(cases, 'listReports/happy/query-kinds-stock').request.query).toEqual({ period: 'day', kinds: ['stock'] });
  });

  it('send each other oneOf and anyOf branch of a JSON body, tagged as its discriminator maps it, each valid', async () => {
    expect(ids(happyOf(cases, 'addShape'))).toEqual([
      'addShape/happy/valid',
      'addShape/happy/required-only',
      'addShape/happy/shape-oneOf-2',
      'addShape/happy/shape-oneOf-3',
      'addShape/happy/note-anyOf-2',
    ]);
    // The mapping names Circle `round`; Square and Triangle go by their schemas' names.
    expect(caseOf(cases, 'addShape/happy/valid').request.body).toMatchObject({
      shape: { kind: 'round', radius: expect.any(Number) },
      note: expect.any(String),
    });
    expect(caseOf(cases, 'addShape/happy/shape-oneOf-2')).toMatchObject({
      name: 'POST /shapes with "shape" as oneOf branch 2 of 3 (Square)',
      request: { body: { shape: { kind: 'Square', side: expect.any(Number) } } },
    });
    expect(caseOf(cases, 'addShape/happy/shape-oneOf-3').request.body).toMatchObject({
      shape: { kind: 'Triangle', base: expect.any(Number), height: expect.any(Number) },
    });
    expect(caseOf(cases, 'addShape/happy/note-anyOf-2')).toMatchObject({
      name: 'POST /shapes with "note" as anyOf branch 2 of 2',
      request: { body: { shape: { kind: 'round' }, note: expect.any(Number) } },
    });
    const validator = await SpecSchemaValidator.load(spec.schemas);
    const schema = spec.operations.find((operation) => operation.id === 'addShape')!.requestBody!.content['application/json']!.schema!;
    for (const testCase of happyOf(cases, 'addShape')) expect(validator.isValid(schema, testCase.request.body), testCase.id).toBe(true);
  });

  it('cover the Bookings API: each filter status, each payment method by its mapped tag', async () => {
    const bookings = await ingestedSpec('near-miss-3.0.yaml');
    const generated = await generateCases(bookings, bookings.operations, { strategies: ['happy'] });
    const statuses = happyOf(generated, 'listBookings').map((testCase) => testCase.request.query?.status);
    expect(statuses).toEqual(['confirmed', undefined, 'pending', 'cancelled']);
    const methods = happyOf(generated, 'createPayment').map((testCase) => (testCase.request.body as { method: string }).method);
    expect(methods).toEqual(['card', 'transfer', 'voucher']);
    expect(caseOf(generated, 'createPayment/happy/body-oneOf-3').name).toBe('POST /payments with the body as oneOf branch 3 of 3 (voucher)');
  });

  it('are bounded: 25 values of one enum, 40 variants per operation', async () => {
    const values = (prefix: string) => Array.from({ length: 30 }, (_, index) => `${prefix}${index}`);
    const operation: SpecOperation = {
      id: 'search',
      method: 'GET',
      path: '/search',
      tags: [],
      parameters: ['country', 'currency'].map((name) => ({ name, in: 'query', required: true, schema: { type: 'string', enum: values(name) } })),
      responses: {},
      security: [],
    };
    const generated = await generateCases(specOf([operation]), [operation], { strategies: ['happy'] });
    const variants = happyOf(generated, 'search').slice(1);
    expect(variants).toHaveLength(40);
    expect(variants.filter((testCase) => testCase.id.startsWith('search/happy/query-country-'))).toHaveLength(24);
    expect(variants.at(-1)?.request.query).toEqual({ country: 'country0', currency: 'currency16' });
  });
});
