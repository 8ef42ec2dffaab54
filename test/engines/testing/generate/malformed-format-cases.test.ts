import { beforeAll, describe, expect, it } from 'vitest';
import type { FalconSpec } from '../../../../src/engines/spec/spec-format.js';
import { generateCases } from '../../../../src/engines/testing/generate/generate-cases.js';
import { invalidValues } from '../../../../src/engines/testing/generate/invalid-values.js';
import { isRefused, MALFORMED_FORMATS, malformedFormat } from '../../../../src/engines/testing/generate/malformed-formats.js';
import { SpecSchemaValidator } from '../../../../src/engines/testing/spec-schema/spec-schema-validator.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import { caseOf, ingestedSpec } from './generation-fixtures.js';

/** The formats the fixture puts in every place, by the name of the parameter or field carrying each. */
const FORMATS: Record<string, { format: string; value: string }> = {
  uuid: { format: 'uuid', value: 'not-a-uuid' },
  email: { format: 'email', value: 'user@' },
  date: { format: 'date', value: '2024-13-45' },
  dateTime: { format: 'date-time', value: '2024-13-45T25:61:00Z' },
  time: { format: 'time', value: '25:61:00Z' },
  uri: { format: 'uri', value: 'http//x' },
  hostname: { format: 'hostname', value: 'bad..host' },
  ipv4: { format: 'ipv4', value: '999.1.1.1' },
  ipv6: { format: 'ipv6', value: ':::z' },
  byte: { format: 'byte', value: '%%%' },
};
const headerName = (name: string) => `X-${name === 'dateTime' ? 'Date-Time' : name[0]!.toUpperCase() + name.slice(1)}`;

describe('negative cases per format and type', () => {
  let spec: FalconSpec;
  let cases: TestCase[];
  let validator: SpecSchemaValidator;
  beforeAll(async () => {
    spec = await ingestedSpec('negative-formats-3.0.yaml');
    cases = await generateCases(spec, spec.operations, { strategies: ['negative'] });
    validator = await SpecSchemaValidator.load(spec.schemas);
  });
  const ids = (operationId: string) => cases.filter((testCase) => testCase.operationId === operationId).map((testCase) => testCase.id);

  it('malforms each format in a path parameter, named and id-ed by the format, the rest of the path kept valid', () => {
    for (const [name, { format, value }] of Object.entries(FORMATS)) {
      const malformed = caseOf(cases, `lookupByPath/negative/path-${name}-malformed-${format}`);
      expect(malformed).toMatchObject({
        kind: 'negative',
        expectRejection: true,
        name: expect.stringContaining(`with path parameter "${name}" as a malformed ${format} ${JSON.stringify(value)}`),
        mutation: `path parameter "${name}" set to ${JSON.stringify(value)}, a malformed ${format}`,
      });
      expect(malformed.request.pathParams?.[name]).toBe(value);
      const others = Object.entries(malformed.request.pathParams!).filter(([other]) => other !== name);
      for (const [other, sent] of others) expect(sent, other).not.toBe(FORMATS[other]?.value);
    }
  });

  it('malforms each format in the query, a header and a JSON body field alike', () => {
    for (const [name, { format, value }] of Object.entries(FORMATS)) {
      expect(caseOf(cases, `searchByQuery/negative/query-${name}-malformed-${format}`).request.query).toMatchObject({ [name]: value });
      const header = headerName(name);
      const inHeader = caseOf(cases, `pingWithHeaders/negative/header-${header}-malformed-${format}`);
      expect(inHeader.request.headers?.[header]).toBe(value);
      expect(inHeader.name).toContain(`with header parameter "${header}" as a malformed ${format}`);
      const inBody = caseOf(cases, `createRecord/negative/${name}-malformed-${format}`);
      expect(inBody.request.body).toMatchObject({ [name]: value });
      expect(inBody).toMatchObject({
        name: `POST /records with "${name}" as a malformed ${format} ${JSON.stringify(value)}`,
        mutation: `body field "${name}" set to ${JSON.stringify(value)}, a malformed ${format}`,
      });
    }
    expect(caseOf(cases, 'createRecord/negative/owner-email-malformed-email').request.body).toMatchObject({ owner: { email: 'user@' } });
    expect(caseOf(cases, 'signUp/negative/email-malformed-email').request.body).toMatch(/^email=user%40(&|$)/);
  });

  it('sends one malformed value per field, none for an enum, and the same ids whatever the seed', async () => {
    const malformed = cases.filter((testCase) => testCase.id.includes('-malformed-'));
    const fields = malformed.map((testCase) => testCase.id.replace(/-malformed-[a-z-]+$/, ''));
    expect(new Set(fields).size).toBe(fields.length);
    expect(malformed).toHaveLength(10 * 4 + 3 + 1 + 1); // path, query, header, body; idn-email, idn-hostname, iri; owner.email; the form's email
    expect(ids('searchByQuery').filter((id) => id.includes('query-state-'))).toEqual(['searchByQuery/negative/query-state-bad-enum']);
    const again = await generateCases(spec, spec.operations, { strategies: ['negative'], seed: 7 });
    expect(again.map((testCase) => testCase.id)).toEqual(cases.map((testCase) => testCase.id));
  });

  it('makes values that break their format by ajv, and by construction where ajv does not check it', () => {
    for (const format of MALFORMED_FORMATS) {
      const change = malformedFormat({ type: 'string', format }, ['string'])!;
      expect(change, format).toMatchObject({ slug: `malformed-${format}`, format });
      expect(typeof change.value).toBe('string');
      if (validator.checksFormat(format)) expect(validator.isValid({ type: 'string', format }, change.value), format).toBe(false);
    }
    expect(['idn-email', 'idn-hostname', 'iri'].filter((format) => validator.checksFormat(format))).toEqual([]);
    for (const id of ['idnEmail-malformed-idn-email', 'idnHostname-malformed-idn-hostname', 'iri-malformed-iri'])
      expect(ids('createRecord')).toContain(`createRecord/negative/${id}`);
    expect(malformedFormat({ type: 'string', format: 'password' }, ['string'])).toBeUndefined();
    expect(malformedFormat({ type: 'string', format: 'uuid', const: 'x' }, ['string'])).toBeUndefined();
    expect(malformedFormat({ type: 'integer', format: 'uuid' }, ['integer'])).toBeUndefined();
  });

  it('never sends a "malformed" value the schema accepts', () => {
    const change = malformedFormat({ type: 'string', format: 'uuid' }, ['string'])!;
    expect(isRefused(true, change, validator)).toBe(false);
    expect(isRefused(undefined, change, validator)).toBe(false);
    expect(isRefused(false, change, validator)).toBe(true);
    expect(isRefused(true, malformedFormat({ type: 'string', format: 'idn-email' }, ['string'])!, validator)).toBe(true);
    expect(isRefused(true, { slug: 'too-long', phrase: '', value: 'a' }, validator)).toBe(false);
    // What each malformed case sends, by the format its id names, is refused by ajv wherever ajv checks the format.
    for (const testCase of cases.filter((each) => each.id.includes('-malformed-'))) {
      const format = /-malformed-([a-z0-9-]+)$/.exec(testCase.id)![1]!;
      const sent = JSON.stringify(testCase.request);
      const value = Object.values(FORMATS).find((entry) => entry.format === format)?.value ?? malformedFormat({ format }, ['string'])!.value;
      expect(sent, testCase.id).toContain(
        JSON.stringify(value)
          .slice(1, -1)
          .replace('@', testCase.request.contentType?.includes('urlencoded') ? '%40' : '@'),
      );
      if (validator.checksFormat(format)) expect(validator.isValid({ type: 'string', format }, value), testCase.id).toBe(false);
    }
  });

  it('sends a wrong type for every parameter, as text where the value is text', () => {
    expect(caseOf(cases, 'lookupByPath/negative/path-count-wrong-type')).toMatchObject({
      name: expect.stringContaining('with path parameter "count" of the wrong type (a string "not-a-number" instead of integer)'),
      request: { pathParams: { count: 'not-a-number' } },
    });
    // Any text is a string: a string path parameter without format or pattern has nothing invalid to send.
    expect(ids('lookupByPath').filter((id) => id.includes('path-code-'))).toEqual([]);
    expect(caseOf(cases, 'searchByQuery/negative/query-limit-wrong-type').request.query).toMatchObject({ limit: 'not-a-number' });
    // Nor a string query parameter: repeating it is not against the spec, most frameworks take one value.
    expect(ids('searchByQuery')).not.toContain('searchByQuery/negative/query-term-wrong-type');
    expect(caseOf(cases, 'searchByQuery/negative/query-ids-wrong-type')).toMatchObject({
      name: 'GET /search with query parameter "ids" with an item of the wrong type (a string "not-a-number" instead of integer)',
      request: { query: { ids: ['not-a-number'] } },
    });
    expect(ids('searchByQuery')).not.toContain('searchByQuery/negative/query-labels-wrong-type');
    expect(caseOf(cases, 'pingWithHeaders/negative/header-X-Count-wrong-type').request.headers).toMatchObject({ 'X-Count': 'not-a-number' });
    expect(ids('pingWithHeaders')).not.toContain('pingWithHeaders/negative/header-X-Note-wrong-type');
    // The HTTP client could not send a Connection header of another shape.
    expect(ids('pingWithHeaders').filter((id) => id.includes('Connection'))).toEqual([]);
    const body = (id: string) => caseOf(cases, `createRecord/negative/${id}`).request.body as Record<string, unknown>;
    expect(body('uuid-wrong-type').uuid).toBe(12345);
    expect(body('count-wrong-type').count).toBe('not-a-number');
    expect(body('note-wrong-type').note).toBe(12345);
    expect(body('owner-wrong-type').owner).toBe('not-an-object');
  });

  it('leaves out each required header, but not one OpenAPI says to ignore', () => {
    for (const header of ['X-Uuid', 'X-Count']) {
      const missing = caseOf(cases, `pingWithHeaders/negative/header-${header}-missing`);
      expect(missing.name).toBe(`GET /ping without required header parameter "${header}"`);
      expect(missing.request.headers).not.toHaveProperty(header);
      expect(missing.request.headers).toHaveProperty(header === 'X-Uuid' ? 'X-Count' : 'X-Uuid');
    }
    expect(ids('pingWithHeaders').filter((id) => /authorization/i.test(id))).toEqual([]);
  });

  it('keeps the text places apart from JSON when choosing a wrong type', () => {
    const slugs = (schema: Record<string, unknown>, current: unknown, place: 'json' | 'query' | 'path' | 'header') =>
      invalidValues(schema, current, place).map((change) => `${change.slug} ${JSON.stringify(change.value)}`);
    expect(slugs({ type: 'string', format: 'uuid' }, 'x', 'path')).toEqual(['malformed-uuid "not-a-uuid"']);
    expect(slugs({ type: 'string', format: 'uuid' }, 'x', 'header')).toEqual(['malformed-uuid "not-a-uuid"']);
    expect(slugs({ type: 'string', format: 'uuid' }, 'x', 'query')).toEqual(['malformed-uuid "not-a-uuid"']);
    expect(slugs({ type: 'string', format: 'uuid' }, 'x', 'json')).toEqual(['wrong-type 12345', 'malformed-uuid "not-a-uuid"']);
    expect(slugs({ type: 'boolean' }, true, 'header')).toEqual(['wrong-type "not-a-boolean"']);
    expect(slugs({ type: 'array', items: { type: 'string' } }, ['a'], 'query')).toEqual([]);
  });
});
