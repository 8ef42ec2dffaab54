import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../../src/engines/spec/spec-format.js';
import { runCases } from '../../../../src/engines/testing/run/run-cases.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import { type ScriptedApi, startScriptedApi } from '../../../apis/scripted-api.js';
import { getCase, getOperation, jsonResponse, specOf } from './spec-fixture.js';

/** Each route answers with the JSON text given; the operation of the same name documents the schema. */
const bodies: Record<string, string> = {};
let api: ScriptedApi;

beforeAll(async () => {
  api = await startScriptedApi({
    'GET /json/*': (request) => ({ status: 200, headers: { 'content-type': 'application/json' }, body: bodies[request.url.slice('/json/'.length)] ?? '' }),
    'GET /html-as-json': { status: 200, headers: { 'content-type': 'application/json' }, body: '<html><body>Oops</body></html>' },
    'GET /no-type': { status: 200, body: 'not json at all' },
    'HEAD /head': { status: 200, headers: { 'content-type': 'application/json' } },
    'GET /text': { status: 200, headers: { 'content-type': 'text/plain' }, body: 'plain' },
  });
});
afterAll(() => api.close());

/** The findings for `body` answered to an operation whose 200 documents `schema`. */
async function findings(schema: JsonSchema, body: unknown, schemas?: Record<string, JsonSchema>): Promise<string[]> {
  const name = `case${Object.keys(bodies).length}`;
  bodies[name] = typeof body === 'string' ? body : JSON.stringify(body);
  const spec = specOf([getOperation(name, `/json/${name}`, { '200': jsonResponse(schema) })], schemas);
  const run = await runCases([getCase(name, `/json/${name}`, name)], { baseUrl: api.url, spec, checks: ['response_schema_conformance'] });
  const result = run.results[0]!;
  expect(result.findings.every((finding) => finding.kind === 'response_schema_conformance')).toBe(true);
  return result.findings.map((finding) => finding.message);
}

const itemsSchema: JsonSchema = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: { type: 'object', required: ['price'], properties: { price: { type: 'number' } } } } },
};

describe('response_schema_conformance', () => {
  it('names each violation by its JSON path, with what was there', async () => {
    expect(await findings(itemsSchema, { items: [{ price: 1 }, { price: 2.5 }, { price: '12' }, {}] })).toEqual([
      '$.items[2].price: must be number, got "12"',
      "$.items[3]: must have required property 'price'",
    ]);
    expect(await findings(itemsSchema, { items: [{ price: 1 }, { price: 2.5 }] })).toEqual([]);
  });

  it('fires on a body that is not JSON where JSON is documented, with or without a content-type', async () => {
    const spec = specOf([getOperation('getThing', '/x', { '200': jsonResponse({ type: 'object' }) })]);
    const run = await runCases([getCase('html', '/html-as-json', 'getThing'), getCase('no-type', '/no-type', 'getThing')], {
      baseUrl: api.url,
      spec,
      checks: ['response_schema_conformance'],
    });
    const messages = run.results.map((result) => result.findings.map((finding) => finding.message));
    expect(messages[0]).toHaveLength(1);
    expect(messages[0]![0]).toMatch(
      /^the body is not valid JSON, but getThing 200 documents application\/json: it starts "<html><body>Oops<\/body><\/html>" \(.+\)$/,
    );
    expect(messages[1]![0]).toMatch(/^the body is not valid JSON, but getThing 200 documents application\/json: it starts "not json at all"/);
  });

  it('judges neither a HEAD answer nor a body whose content-type is not JSON', async () => {
    const spec = specOf([
      { ...getOperation('headThing', '/head', { '200': jsonResponse({ type: 'object' }) }), method: 'HEAD' },
      getOperation('getText', '/text', { '200': { description: 'text', content: { 'text/plain': { schema: { type: 'integer' } } } } }),
    ]);
    const head: TestCase = { ...getCase('head', '/head', 'headThing'), request: { method: 'HEAD', path: '/head' } };
    const run = await runCases([head, getCase('text', '/text', 'getText')], { baseUrl: api.url, spec });
    expect(run.results.map((result) => [result.outcome, result.findings])).toEqual([
      ['passed', []],
      ['passed', []],
    ]);
  });

  // How spec schemas are read (nullable, Swagger 2, formats, readOnly/writeOnly) is tested in spec-schema/.
  it("follows $ref to the spec's recursive schemas", async () => {
    const schemas: Record<string, JsonSchema> = {
      Node: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string' },
          parent: { $ref: '#/schemas/Node', nullable: true },
          children: { type: 'array', items: { $ref: '#/schemas/Node' } },
        },
      },
    };
    const schema: JsonSchema = { $ref: '#/schemas/Node' };
    expect(await findings(schema, { name: 'root', children: [{ name: 'a', children: [{ name: 'b', children: [] }] }] }, schemas)).toEqual([]);
    expect(await findings(schema, { name: 'root', children: [{ name: 'a', children: [{ name: 5 }, {}] }] }, schemas)).toEqual([
      '$.children[0].children[0].name: must be string, got 5',
      "$.children[0].children[1]: must have required property 'name'",
    ]);
  });

  it('judges the body as a response: writeOnly properties are not required, readOnly ones are', async () => {
    const schema: JsonSchema = {
      type: 'object',
      required: ['id', 'name', 'password'],
      properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, password: { type: 'string', writeOnly: true } },
    };
    expect(await findings(schema, { id: 1, name: 'ada' })).toEqual([]);
    expect(await findings(schema, { name: 'ada' })).toEqual(["$: must have required property 'id'"]);
  });

  it('keeps to ten violations and counts the rest', async () => {
    const schema: JsonSchema = { type: 'array', items: { type: 'integer' } };
    const result = await findings(
      schema,
      Array.from({ length: 14 }, (_, index) => `n${index}`),
    );
    expect(result).toHaveLength(11);
    expect(result[0]).toBe('$[0]: must be integer, got "n0"');
    expect(result[10]).toMatch(/^… and 4 more violations of the case\d+ 200 application\/json schema$/);
  });

  it('says so when the documented schema itself cannot be used', async () => {
    const [message, ...rest] = await findings({ type: 'object', properties: { id: { type: 'int' } } }, { id: 1 });
    expect(rest).toEqual([]);
    expect(message).toMatch(/^the schema documented for case\d+ 200 application\/json cannot be used: schema is invalid/);
  });
});
