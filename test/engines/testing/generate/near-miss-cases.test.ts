import { beforeAll, describe, expect, it } from 'vitest';
import type { FalconSpec, JsonSchema } from '../../../../src/engines/spec/spec-format.js';
import { textVerdict } from '../../../../src/engines/testing/fuzz/input-verdict.js';
import { generateCases } from '../../../../src/engines/testing/generate/generate-cases.js';
import { isNearMissText } from '../../../../src/engines/testing/generate/near-miss-cases.js';
import { nearMissValues } from '../../../../src/engines/testing/generate/near-miss-values.js';
import { SeededRandom } from '../../../../src/engines/testing/generate/seeded-random.js';
import { SpecSchemaValidator } from '../../../../src/engines/testing/spec-schema/spec-schema-validator.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import { specOf } from '../checks/spec-fixture.js';
import { caseOf, ingestedSpec, NOT_COMPARABLE, operationOf, sentBodySchema, sentParameterValue } from './generation-fixtures.js';

const nearMisses = (cases: TestCase[], operationId: string) => cases.filter((testCase) => testCase.nearMiss && testCase.operationId === operationId);
const slugs = (cases: TestCase[]) => cases.map((testCase) => testCase.id.slice(testCase.id.lastIndexOf('/') + 1));
const without = (schema: JsonSchema, keywords: readonly string[]) => Object.fromEntries(Object.entries(schema).filter(([key]) => !keywords.includes(key)));

/**
 * The near-miss cases that are not what they claim, checked apart from how they were made: each must
 * have a parameter outside its schema however its text is read, or a body the spec's validator
 * refuses, or JSON text no JSON parser reads that, with the plus sign dropped, is a valid body.
 */
async function misjudgedNearMisses(spec: FalconSpec, cases: TestCase[]): Promise<string[]> {
  const validator = await SpecSchemaValidator.load(spec.schemas);
  return cases
    .filter((testCase) => testCase.nearMiss)
    .filter((testCase) => {
      const operation = operationOf(spec, testCase.operationId!);
      const { request } = testCase;
      const parameterOutside = operation.parameters.some((parameter) => {
        const value = sentParameterValue(request, parameter);
        if (value === NOT_COMPARABLE || value === undefined || !parameter.schema) return false;
        return textVerdict(validator, parameter.schema, typeof value === 'number' ? String(value) : value, spec) === 'outside';
      });
      const schema = sentBodySchema(operation, request);
      if (request.bodyIsText) {
        const text = request.body as string;
        const read = JSON.parse(text.replace(/([:[,]|^)\+(?=\d)/g, '$1')) as unknown;
        const plainJson = (() => {
          try {
            JSON.parse(text);
            return true;
          } catch {
            return false;
          }
        })();
        return plainJson || (schema !== undefined && validator.isValid(schema, read) !== true);
      }
      const bodyInvalid = schema !== undefined && typeof request.body === 'object' && validator.isValid(schema, request.body) === false;
      const formInvalid = typeof request.body === 'string' && schema !== undefined && validator.isValid(schema, formObject(request.body, schema)) === false;
      return !parameterOutside && !bodyInvalid && !formInvalid;
    })
    .map((testCase) => testCase.id);
}

/** A form body's fields, numbers read back as the schema types them. */
function formObject(body: string, schema: JsonSchema): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.fromEntries([...new URLSearchParams(body)].map(([name, text]) => [name, properties[name]?.type === 'integer' ? Number(text) : text]));
}

describe('near-miss cases', () => {
  let spec: FalconSpec;
  let cases: TestCase[];
  beforeAll(async () => {
    spec = await ingestedSpec('near-miss-values-3.0.yaml');
    cases = await generateCases(spec, spec.operations, { strategies: ['happy', 'negative'] });
  });

  it('sends each kind of near miss, a small step from the valid value, expecting rejection and naming its kind', () => {
    expect(slugs(nearMisses(cases, 'updateTicket'))).toEqual([
      'path-ticketId-no-dashes',
      'path-ticketId-wrong-version',
      'path-ticketId-pattern-near-miss',
      'header-X-Trace-no-dashes',
      'query-count-below-minimum',
      'query-count-above-maximum',
      'query-since-one-digit-month',
      'query-since-one-digit-day',
      'query-since-no-such-day',
      'title-too-long',
      'title-pattern-near-miss',
      'title-pattern-extra-character',
      'code-pattern-near-miss',
      'code-pattern-extra-character',
      'at-no-offset',
      'at-hour-24',
      'at-fraction-no-zone',
      'opens-no-offset',
      'opens-hour-24',
      'born-one-digit-month',
      'born-one-digit-day',
      'born-no-such-day',
      'contact-no-tld',
      'contact-two-at',
      'site-no-scheme',
      'ref-no-dashes',
      'ref-wrong-version',
      'ref-pattern-near-miss',
      'plainRef-no-dashes',
      'price-below-minimum',
      'price-above-maximum',
      'price-not-multiple',
      'price-plus-sign',
      'seats-below-minimum',
      'seats-above-maximum',
      'seats-not-multiple',
      'seats-plus-sign',
    ]);
    const body = (id: string) => caseOf(cases, `updateTicket/negative/${id}`).request.body as Record<string, unknown>;
    const validBody = caseOf(cases, 'updateTicket/happy/valid').request.body as Record<string, unknown>;

    const email = caseOf(cases, 'updateTicket/negative/contact-no-tld');
    expect(email).toMatchObject({
      kind: 'negative',
      expectRejection: true,
      name: expect.stringMatching(/^PUT \/tickets\/\{ticketId\} with "contact" as an email without TLD "[a-z]+@example"$/),
      mutation: expect.stringMatching(/^body field "contact" set to "[a-z]+@example", an email without TLD$/),
      nearMiss: expect.stringMatching(/^email without TLD '[a-z]+@example'$/),
    });
    expect(body('contact-no-tld').contact).toBe((validBody.contact as string).replace(/\.com$/, ''));
    expect(body('contact-two-at').contact).toMatch(/^([a-z]+)@\1@example\.com$/);
    expect(body('at-no-offset').at).toBe((validBody.at as string).replace(/Z$/, ''));
    expect(body('at-hour-24').at).toMatch(/^\d{4}-\d\d-\d\dT24:00:00Z$/);
    expect(body('at-fraction-no-zone').at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+$/);
    expect(body('opens-no-offset').opens).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(body('born-one-digit-month').born).toMatch(/^\d{4}-[1-9]-\d\d$/);
    expect(body('born-one-digit-day').born).toMatch(/^\d{4}-\d\d-[1-9]$/);
    expect(body('born-no-such-day').born).toMatch(/^\d{4}-02-30$/);
    expect(body('plainRef-no-dashes').plainRef).toBe((validBody.plainRef as string).replaceAll('-', ''));
    expect(body('site-no-scheme').site).toBe((validBody.site as string).replace(/^https:\/\//, ''));
    expect(body('title-too-long').title).toHaveLength(13);
    expect(body('title-pattern-near-miss').title).toBe((validBody.title as string).replace(/^./, (first) => first.toLowerCase()));
    expect(body('price-above-maximum').price).toBe(100);
    expect(body('price-below-minimum').price).toBe(-0.01);
    expect(body('seats-above-maximum').seats).toBe(22);
    expect(body('seats-below-minimum').seats).toBe(0);
    expect(body('seats-not-multiple').seats).toBe((validBody.seats as number) + 1);
    expect(caseOf(cases, 'updateTicket/negative/price-above-maximum').nearMiss).toBe("number at its exclusive maximum 100 '100'");
    expect(caseOf(cases, 'updateTicket/negative/seats-above-maximum').nearMiss).toBe("integer just above its maximum 20 '22'");
  });

  it('writes +1 for a number of a JSON body as the JSON text no JSON.stringify makes, the rest of the body as it was', () => {
    const plus = caseOf(cases, 'updateTicket/negative/seats-plus-sign');
    const validBody = caseOf(cases, 'updateTicket/happy/valid').request.body as Record<string, unknown>;
    expect(plus.request).toMatchObject({ bodyIsText: true, contentType: 'application/json' });
    const seats = validBody.seats as number;
    expect(plus.request.body).toBe(JSON.stringify(validBody).replace(`"seats":${seats}`, `"seats":+${seats}`));
    expect(plus.nearMiss).toBe(`integer with a leading plus sign '+${seats}'`);
    expect(plus.mutation).toBe(`body field "seats" written +${seats}, an integer with a leading plus sign`);
    expect(() => JSON.parse(plus.request.body as string)).toThrow();
  });

  it('makes every near miss invalid by the spec, through ajv with formats, on these fixtures and the Bookings API', async () => {
    expect(await misjudgedNearMisses(spec, cases)).toEqual([]);
    for (const file of ['near-miss-3.0.yaml', 'generate-values-3.0.yaml', 'generate-values-3.1.yaml', 'customers-formats-3.0.yaml', 'petstore-3.0.yaml']) {
      const fixture = await ingestedSpec(file);
      const generated = await generateCases(fixture, fixture.operations, { strategies: ['negative'] });
      expect(await misjudgedNearMisses(fixture, generated), file).toEqual([]);
    }
  });

  it('keeps a value only when ajv refuses it and takes it without the one keyword it breaks', async () => {
    const validator = await SpecSchemaValidator.load();
    const schemas: JsonSchema[] = [
      { type: 'string', format: 'date-time' },
      { type: 'string', format: 'date' },
      { type: 'string', format: 'time' },
      { type: 'string', format: 'email', maxLength: 30 },
      { type: 'string', format: 'uuid' },
      { type: 'string', format: 'uuid', pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-4' },
      { type: 'string', format: 'uri' },
      { type: 'string', maxLength: 6, pattern: '^[a-z]+[0-9]$' },
      { type: 'integer', minimum: 3, maximum: 9, multipleOf: 3 },
      { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 10 },
      { type: 'number', minimum: 0.5, maximum: 2.5, multipleOf: 0.25 },
      { type: 'number', minimum: 1, maximum: 99.99 },
    ];
    const currents = [
      '2024-02-03T04:05:06.789+02:00',
      '2024-11-12',
      '23:59:59Z',
      'ann@mail.example.org',
      '0f8fad5b-d9cb-469f-a165-70867728950e',
      '0f8fad5b-d9cb-469f-a165-70867728950e',
      'https://example.com/a?b=c',
      'abc1',
      6,
      5,
      1.5,
      50,
    ];
    let checked = 0;
    const dropped: string[] = [];
    schemas.forEach((schema, index) => {
      expect(validator.isValid(schema, currents[index]), JSON.stringify(schema)).toBe(true);
      const changes = nearMissValues(
        schema,
        currents[index],
        'json',
        new SeededRandom(1),
        (keywords, value) => validator.isValid(without(schema, keywords), value) === true,
      );
      expect(changes.length, JSON.stringify(schema)).toBeGreaterThan(0);
      for (const change of changes) {
        expect(change.nearMiss, change.slug).toEqual(expect.any(String));
        if (change.jsonText !== undefined) {
          expect(change.jsonText).toBe(`+${JSON.stringify(currents[index])}`);
          continue;
        }
        if (validator.isValid(schema, change.value) !== false) {
          dropped.push(`${change.nearMiss} ${JSON.stringify(change.value)}`);
          continue;
        }
        expect(validator.isValid(without(schema, change.breaks!), change.value), `${change.nearMiss} ${JSON.stringify(change.value)}`).toBe(true);
        checked++;
      }
    });
    expect(checked).toBeGreaterThanOrEqual(25);
    // Callers drop what ajv takes: here only a uuid of another version where no pattern asks for one.
    expect(dropped).toEqual(['uuid with the wrong version nibble "0f8fad5b-d9cb-169f-a165-70867728950e"']);
    // A version only a pattern asks for: without one, ajv takes any version, so no such value is kept.
    const versions = (schema: JsonSchema) =>
      nearMissValues(schema, currents[4], 'json', new SeededRandom(1), () => true).filter(
        (change) => change.slug === 'wrong-version' && validator.isValid(schema, change.value) === false,
      );
    expect(versions(schemas[4]!)).toEqual([]);
    expect(versions(schemas[5]!).map((change) => change.value)).toEqual(['0f8fad5b-d9cb-169f-a165-70867728950e']);
  });

  it('never sends in path, query or header text a value some parser reads as valid (05, +1), nor +1 at all', async () => {
    const validator = await SpecSchemaValidator.load();
    const count: JsonSchema = { type: 'integer', minimum: 1, maximum: 10 };
    const change = (value: unknown) => ({ slug: 'x', phrase: 'x', value, nearMiss: 'x' });
    expect(isNearMissText(validator, count, count, change('05'), spec)).toBe(false);
    expect(isNearMissText(validator, count, count, change('+1'), spec)).toBe(false);
    expect(isNearMissText(validator, count, count, change(' 5'), spec)).toBe(false);
    expect(isNearMissText(validator, count, count, change(11), spec)).toBe(true);
    expect(isNearMissText(validator, count, count, change('011'), spec)).toBe(true);
    // Without the keyword it is said to break, the value must be inside: else its kind would not be why it is refused.
    expect(isNearMissText(validator, count, count, { ...change(0), breaks: ['maximum'] }, spec)).toBe(false);
    expect(isNearMissText(validator, count, count, { ...change(0), breaks: ['minimum'] }, spec)).toBe(true);

    const inText = cases.filter((testCase) => testCase.nearMiss && /^[^/]+\/negative\/(path|query|header)-/.test(testCase.id));
    expect(inText.length).toBeGreaterThan(5);
    for (const testCase of inText) {
      const values = [...Object.values(testCase.request.pathParams ?? {}), ...Object.values(testCase.request.query ?? {}).flat()];
      for (const value of values) expect(String(value), testCase.id).not.toMatch(/^[+ ]|^0\d/);
      expect(testCase.request.bodyIsText, testCase.id).toBeUndefined();
    }
    expect(slugs(inText).filter((slug) => slug.endsWith('plus-sign'))).toEqual([]);
  });

  it('in a form body, only the top-level fields whose near misses are text', () => {
    expect(slugs(nearMisses(cases, 'sendFeedback'))).toEqual(['email-no-tld', 'email-two-at']);
    expect(caseOf(cases, 'sendFeedback/negative/email-no-tld').request.body).toMatch(/^email=[a-z]+%40example&age=\d+$/);
  });

  it('sends no near miss for a value of an enum, and at most 40 per operation', async () => {
    expect(
      cases.map((testCase) => testCase.id).filter((id) => id.includes('/negative/level-') && !id.endsWith('-bad-enum') && !id.endsWith('-wrong-type')),
    ).toEqual([]);
    const properties = Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`at${index}`, { type: 'string', format: 'date-time' }]));
    const wide = specOf([
      {
        id: 'wide',
        method: 'POST',
        path: '/wide',
        tags: [],
        parameters: [],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: Object.keys(properties), properties } } } },
        responses: {},
        security: [],
      },
    ]);
    const generated = await generateCases(wide, wide.operations, { strategies: ['negative'] });
    expect(nearMisses(generated, 'wide')).toHaveLength(40);
    expect(generated.filter((testCase) => !testCase.nearMiss).length).toBeGreaterThan(30);
  });
});
