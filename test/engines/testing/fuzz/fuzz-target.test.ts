import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FalconSpec, JsonSchema, SpecOperation } from '../../../../src/engines/spec/spec-format.js';
import { describeFuzzValue } from '../../../../src/engines/testing/fuzz/describe-input.js';
import { fuzzCases } from '../../../../src/engines/testing/fuzz/fuzz-cases.js';
import { fixedRequest, fuzzTarget } from '../../../../src/engines/testing/fuzz/fuzz-target.js';
import { combineVerdicts, jsonVerdict, textVerdict } from '../../../../src/engines/testing/fuzz/input-verdict.js';
import { CaseIds } from '../../../../src/engines/testing/generate/case-ids.js';
import { generateCases } from '../../../../src/engines/testing/generate/generate-cases.js';
import { SpecSchemaValidator } from '../../../../src/engines/testing/spec-schema/spec-schema-validator.js';
import type { CaseRequest } from '../../../../src/engines/testing/test-case.js';
import { specOf } from '../checks/spec-fixture.js';

const note = {
  type: 'object',
  required: ['title'],
  additionalProperties: false,
  properties: { title: { type: 'string' }, priority: { type: 'integer', minimum: 1, maximum: 5 } },
};
const createNote: SpecOperation = {
  id: 'createNote',
  method: 'POST',
  path: '/boards/{boardId}/notes',
  tags: ['notes'],
  parameters: [
    { name: 'boardId', in: 'path', required: true, schema: { type: 'integer' }, example: 7 },
    { name: 'limit', in: 'query', required: true, schema: { type: 'integer', minimum: 1, maximum: 50 }, example: 10 },
    { name: 'tag', in: 'query', required: false, schema: { type: 'array', maxItems: 2, items: { type: 'string', maxLength: 4 } } },
    { name: 'filter', in: 'query', required: false, schema: { type: 'object', properties: { a: { type: 'string' } } }, example: { a: 'x' } },
    { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string' }, example: 'trace-1' },
  ],
  requestBody: { required: true, content: { 'application/json': { schema: note, example: { title: 'Groceries' } } } },
  responses: { '201': { description: 'created' } },
  security: [],
};
const getBoard: SpecOperation = {
  id: 'getBoard',
  method: 'GET',
  path: '/boards/{boardId}',
  tags: [],
  parameters: [{ name: 'boardId', in: 'path', required: true, schema: { type: 'integer' } }],
  responses: { '200': { description: 'ok' } },
  security: [],
};
const spec: FalconSpec = specOf([createNote, getBoard]);
let validator: SpecSchemaValidator;
beforeAll(async () => {
  validator = await SpecSchemaValidator.load();
});

const base: CaseRequest = {
  method: 'POST',
  path: '/boards/{boardId}/notes',
  pathParams: { boardId: 7 },
  query: { limit: 10, a: 'x' },
  headers: { 'X-Trace': 'trace-1', Accept: 'application/json' },
  body: { title: 'Groceries' },
  contentType: 'application/json',
};

describe('fuzz cases', () => {
  it('makes one per operation that takes a query or a body, with the budget and a seed from the run seed and the operation', async () => {
    const cases = await generateCases(spec, spec.operations, { strategies: ['fuzz'], seed: 3 });
    expect(cases.map((testCase) => [testCase.id, testCase.kind, testCase.name, testCase.fuzz?.runs])).toEqual([
      ['createNote/fuzz/inputs', 'fuzz', 'POST /boards/{boardId}/notes with 20 fuzzed inputs', 20],
    ]);
    expect(cases[0]!.request.pathParams).toEqual({ boardId: 7 });
    const again = await generateCases(spec, spec.operations, { seed: 3, fuzzBudget: 5 });
    const fuzz = again.filter((testCase) => testCase.kind === 'fuzz');
    expect(fuzz.map((testCase) => testCase.fuzz)).toEqual([{ runs: 5, seed: cases[0]!.fuzz!.seed }]);
    // The other strategies' cases come first; the seed does not depend on them.
    expect(again.indexOf(fuzz[0]!)).toBeGreaterThan(0);
    const other = await generateCases(spec, spec.operations, { strategies: ['fuzz'], seed: 4 });
    expect(other[0]!.fuzz!.seed).not.toBe(cases[0]!.fuzz!.seed);
  });

  it('makes none for a Postman collection, which states no schemas to draw from', async () => {
    expect(await generateCases({ ...spec, kind: 'postman' }, spec.operations, { strategies: ['fuzz'] })).toEqual([]);
    expect(() => fuzzCases([], spec, new CaseIds(), { fuzzBudget: 0 })).toThrow(/at least 1/);
  });
});

describe('fuzz target', () => {
  it('keeps the path parameters, headers and unfuzzed query parameters of the valid request', () => {
    const fixed = fixedRequest(base, createNote, spec);
    expect(fixed).toEqual({
      method: 'POST',
      path: '/boards/{boardId}/notes',
      pathParams: { boardId: 7 },
      query: { a: 'x' },
      headers: { 'X-Trace': 'trace-1', Accept: 'application/json' },
    });
    const target = fuzzTarget(createNote, spec, validator);
    for (const input of fc.sample(target.arbitrary, { seed: 1, numRuns: 100 })) {
      const { request } = target.render(input, fixed);
      expect(request.pathParams).toEqual({ boardId: 7 });
      expect(request.headers).toEqual(fixed.headers);
      expect(request.query?.a).toBe('x');
    }
  });

  it('draws valid and invalid inputs alike, each judged by the validator, and says what it sent', () => {
    const target = fuzzTarget(createNote, spec, validator);
    const rendered = fc
      .sample(target.arbitrary, { seed: 2, numRuns: 300 })
      .map((input) => ({ input, ...target.render(input, fixedRequest(base, createNote, spec)) }));
    const verdicts = rendered.map((entry) => entry.verdict);
    expect(verdicts.filter((verdict) => verdict === 'inside').length).toBeGreaterThan(90);
    expect(verdicts.filter((verdict) => verdict === 'outside').length).toBeGreaterThan(90);
    for (const entry of rendered.filter((candidate) => candidate.verdict === 'inside')) {
      expect(validator.isValid(note, entry.request.body)).toBe(true);
      expect(entry.request.contentType).toBe('application/json');
    }
    const wrongMediaType = rendered.filter((entry) => entry.input.mediaType !== undefined && entry.input.body !== undefined);
    expect(wrongMediaType.length).toBeGreaterThan(0);
    for (const entry of wrongMediaType) {
      expect(entry.verdict).toBe('outside');
      expect(entry.request.contentType).toBe(entry.input.mediaType);
      expect(typeof entry.request.body).toBe('string');
      expect(entry.description).toMatch(/ sent as (text\/plain|application\/xml|application\/x-www-form-urlencoded|application\/octet-stream)$/);
    }
    expect(rendered.some((entry) => entry.description.startsWith('without the required query parameter "limit"'))).toBe(true);
    expect(rendered.some((entry) => /query "tag" = \[/.test(entry.description))).toBe(true);
    expect(rendered.some((entry) => entry.description.includes('body … (nested') || /nested \d+ deep/.test(entry.description))).toBe(true);
  });

  it('draws the same inputs from the same seed', () => {
    const draw = () => fc.sample(fuzzTarget(createNote, spec, validator).arbitrary, { seed: 11, numRuns: 30 });
    expect(draw()).toEqual(draw());
  });

  it('has nothing to draw for an operation without query or body', () => {
    const target = fuzzTarget(getBoard, spec, validator);
    const [input] = fc.sample(target.arbitrary, { seed: 1, numRuns: 1 });
    expect(target.render(input!, { method: 'GET', path: '/boards/{boardId}', pathParams: { boardId: 1 } })).toEqual({
      request: { method: 'GET', path: '/boards/{boardId}', pathParams: { boardId: 1 } },
      verdict: 'inside',
      description: 'no query parameters and no body',
    });
  });
});

describe('verdicts', () => {
  it('reads query text as the schema would have it: plain readings decide, texts parsers disagree on are unsure', () => {
    const integer = { type: 'integer', minimum: 1, maximum: 50 };
    const verdict = (value: unknown, schema: JsonSchema = integer) => textVerdict(validator, schema, value, spec);
    expect([verdict(10), verdict('10'), verdict(0), verdict('abc'), verdict('NaN'), verdict('Infinity'), verdict('5.5')]).toEqual([
      'inside',
      'inside',
      'outside',
      'outside',
      'outside',
      'outside',
      'outside',
    ]);
    expect([verdict('05'), verdict('1.0'), verdict(' 7'), verdict('0x1A'), verdict('+1')]).toEqual(['unsure', 'unsure', 'unsure', 'unsure', 'unsure']);
    expect([verdict('-0'), verdict('1e308'), verdict('9007199254740993')]).toEqual(['outside', 'outside', 'outside']);
    expect([verdict('-0', { type: 'integer' }), verdict('1e3', { type: 'integer' }), verdict('9007199254740993', { type: 'integer' })]).toEqual([
      'unsure',
      'unsure',
      'unsure',
    ]);
    const flag = { type: 'boolean' };
    expect([verdict(true, flag), verdict('false', flag), verdict('TRUE', flag), verdict('maybe', flag)]).toEqual(['inside', 'inside', 'unsure', 'outside']);
    const tags = { type: 'array', maxItems: 2, items: { type: 'integer' } };
    expect([verdict([1, 2], tags), verdict([1, 2, 3], tags), verdict(['abc'], tags), verdict(['01'], tags)]).toEqual([
      'inside',
      'outside',
      'outside',
      'unsure',
    ]);
    expect([verdict('anything', { type: 'string' }), verdict('toolong', { type: 'string', maxLength: 3 })]).toEqual(['inside', 'outside']);
  });

  it('judges JSON as the server parses it back, and combines parts: outside wins, then unsure', () => {
    expect(jsonVerdict(validator, note, { title: '\ud800' })).toBe('inside');
    expect(jsonVerdict(validator, note, { title: 'x', extra: 1 })).toBe('outside');
    expect(jsonVerdict(validator, { $ref: '#/schemas/Missing' }, {})).toBe('unsure');
    expect([combineVerdicts(['inside', 'unsure', 'outside']), combineVerdicts(['inside', 'unsure']), combineVerdicts(['inside']), combineVerdicts([])]).toEqual(
      ['outside', 'unsure', 'inside', 'inside'],
    );
  });
});

describe('describing an input', () => {
  it('shows long strings by head and length, deep nesting by depth, and invisible characters escaped', () => {
    expect(describeFuzzValue({ title: 'a'.repeat(10_000) })).toBe('{"title":"aaaaaaaaaaaaaaaaaaaaaaaa"… (10,000 characters)}');
    expect(describeFuzzValue({ title: 'e\u0301\u200f\u0000\ud800😀' })).toBe('{"title":"e\\u0301\\u200f\\u0000\\ud800😀"}');
    let deep: unknown = 1;
    for (let level = 0; level < 500; level++) deep = { a: deep };
    expect(describeFuzzValue(deep)).toBe('{"a":{"a":{"a":{"a":… (nested 496 deep)}}}}');
    expect([describeFuzzValue(-0), describeFuzzValue(1e308), describeFuzzValue(null), describeFuzzValue([1, 2, 3, 4, 5, 6, 7, 8])]).toEqual([
      '-0',
      '1e+308',
      'null',
      '[1,2,3,4,5,6,… 2 more]',
    ]);
  });
});
