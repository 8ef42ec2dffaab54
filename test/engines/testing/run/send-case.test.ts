import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCase } from '../../../../src/engines/testing/run/send-case.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import { MAX_RECORDED_BODY_CHARS } from '../../../../src/engines/testing/test-run.js';
import { VariableScope } from '../../../../src/workspace/variable-scope.js';
import { type TempProject, createTempProject } from '../../../tools/temp-project.js';
import { unusedPort } from '../../../apis/http-test-server.js';
import { type ScriptedApi, startScriptedApi } from '../../../apis/scripted-api.js';

let api: ScriptedApi;
let project: TempProject;
let variables: VariableScope;
const largeBody = 'x'.repeat(MAX_RECORDED_BODY_CHARS + 500);

beforeAll(async () => {
  api = await startScriptedApi({
    'POST /pets/*': { status: 201, body: { created: true } },
    'GET /pets/*': { status: 200, body: { id: 7 }, headers: { 'set-cookie': 'session=abc123; HttpOnly' } },
    'GET /large': { status: 200, headers: { 'content-type': 'text/plain' }, body: largeBody },
    'GET /moved': { status: 302, headers: { location: '/pets/1' } },
  });
  project = await createTempProject();
  await mkdir(path.join(project.root, '.falcon', 'environments'), { recursive: true });
  await writeFile(path.join(project.root, '.falcon', 'environments', 'dev.yaml'), 'TOKEN: tok-dev-0123456789abcdef\npetId: "99"\nNAME: Rex\n');
  variables = new VariableScope(project.root, {}, 'dev');
});
afterAll(async () => {
  await api.close();
  await project.remove();
});

const testCase = (request: TestCase['request']): TestCase => ({ id: 'c', name: 'c', kind: 'custom', tags: [], request });

describe('sendCase', () => {
  it('fills the path, adds the query, puts the run headers under the case headers and sends the body as JSON', async () => {
    const exchange = await sendCase(
      testCase({
        method: 'post',
        path: '/pets/{petId}/tags/{tag}',
        pathParams: { petId: 'a b/c', tag: 3 },
        query: { limit: 5, tag: ['x', 'y'] },
        headers: { 'X-Env': 'case' },
        body: { name: 'Rex' },
      }),
      { baseUrl: `${api.url}/`, headers: { authorization: 'Bearer {{TOKEN}}', 'x-env': 'run', 'x-run': 'yes' }, variables },
    );
    const received = api.received.at(-1)!;
    expect(received).toMatchObject({ method: 'POST', url: '/pets/a%20b%2Fc/tags/3?limit=5&tag=x&tag=y', body: '{"name":"Rex"}' });
    expect(received.headers).toMatchObject({
      authorization: 'Bearer tok-dev-0123456789abcdef',
      'x-env': 'case',
      'x-run': 'yes',
      'content-type': 'application/json',
    });
    expect(exchange.error).toBeUndefined();
    expect(exchange.response).toMatchObject({ status: 201, body: '{"created":true}' });
    expect(exchange.http?.status).toBe(201);
    // What is kept is masked.
    expect(exchange.request).toMatchObject({ method: 'POST', url: `${api.url}/pets/a%20b%2Fc/tags/3?limit=5&tag=x&tag=y`, body: '{"name":"Rex"}' });
    expect(exchange.request.headers.authorization).toBe('Bearer [masked:TOKEN]');
  });

  it('sends form fields from an object, text as it is, and a string body as JSON when no content type says otherwise', async () => {
    await sendCase(
      testCase({ method: 'POST', path: '/pets/form', contentType: 'application/x-www-form-urlencoded', body: { name: 'Rex', tags: ['a', 'b'], age: 3 } }),
      { baseUrl: api.url },
    );
    expect(api.received.at(-1)).toMatchObject({ body: 'name=Rex&tags=a&tags=b&age=3', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    await sendCase(testCase({ method: 'POST', path: '/pets/text', contentType: 'text/plain', body: 'hello {{NAME}}' }), { baseUrl: api.url, variables });
    expect(api.received.at(-1)).toMatchObject({ body: 'hello Rex', headers: { 'content-type': 'text/plain' } });
    await sendCase(testCase({ method: 'POST', path: '/pets/json', body: 'just text' }), { baseUrl: api.url });
    expect(api.received.at(-1)).toMatchObject({ body: '"just text"', headers: { 'content-type': 'application/json' } });
  });

  it('sends a body marked as text as it is, though its content type is JSON: a near miss no JSON value makes', async () => {
    const exchange = await sendCase(testCase({ method: 'POST', path: '/pets/plus', body: '{"name":"Rex","age":+3}', bodyIsText: true }), { baseUrl: api.url });
    expect(api.received.at(-1)).toMatchObject({ body: '{"name":"Rex","age":+3}', headers: { 'content-type': 'application/json' } });
    expect(exchange.request.body).toBe('{"name":"Rex","age":+3}');
  });

  it('takes chain values before the variables', async () => {
    await sendCase(testCase({ method: 'GET', path: '/pets/{petId}', pathParams: { petId: '{{petId}}' }, query: { owner: '{{NAME}}' } }), {
      baseUrl: api.url,
      values: new Map([['petId', '42']]),
      variables,
    });
    expect(api.received.at(-1)?.url).toBe('/pets/42?owner=Rex');
    await sendCase(testCase({ method: 'GET', path: '/pets/{petId}', pathParams: { petId: '{{petId}}' } }), { baseUrl: api.url, variables });
    expect(api.received.at(-1)?.url).toBe('/pets/99');
  });

  it('sends nothing when a placeholder has no value, and names every such placeholder', async () => {
    const before = api.received.length;
    const withVariables = await sendCase(testCase({ method: 'GET', path: '/pets/{{MISSING}}', headers: { 'x-other': '{{ALSO_MISSING}}' } }), {
      baseUrl: api.url,
      variables,
    });
    expect(withVariables.error).toBe('unknown variables {{MISSING}}, {{ALSO_MISSING}}: not set in the session, environment "dev" or .falcon/variables.json');
    expect(withVariables.response).toBeUndefined();
    expect(withVariables.request).toMatchObject({ method: 'GET', url: `${api.url}/pets/{{MISSING}}` });
    const without = await sendCase(testCase({ method: 'GET', path: '/pets/{petId}', pathParams: { petId: '{{petId}}' } }), { baseUrl: api.url });
    expect(without.error).toBe('unknown variable {{petId}}: no earlier step of the chain extracted it and the run has no variables');
    const noPathValue = await sendCase(testCase({ method: 'GET', path: '/pets/{petId}' }), { baseUrl: api.url });
    expect(noPathValue.error).toBe('path parameter {petId} of /pets/{petId} has no value in pathParams');
    expect(api.received.length).toBe(before);
  });

  it('keeps the response masked and its body cut with a note, while the whole body stays for the checks', async () => {
    const pet = await sendCase(testCase({ method: 'GET', path: '/pets/1' }), { baseUrl: api.url });
    expect(pet.response?.headers['set-cookie']).toEqual(['session=***; HttpOnly']);
    expect(pet.http?.headers['set-cookie']).toEqual(['session=abc123; HttpOnly']);
    const large = await sendCase(testCase({ method: 'GET', path: '/large' }), { baseUrl: api.url });
    expect(large.http?.body).toBe(largeBody);
    expect(large.response?.body).toBe(
      `${'x'.repeat(MAX_RECORDED_BODY_CHARS)}\n… (cut at ${MAX_RECORDED_BODY_CHARS} characters; the body has ${largeBody.length} characters)`,
    );
  });

  it('does not follow redirects', async () => {
    const moved = await sendCase(testCase({ method: 'GET', path: '/moved' }), { baseUrl: api.url });
    expect(moved.response).toMatchObject({ status: 302, headers: { location: '/pets/1' } });
  });

  it('gives the network failure as the error, with the request it tried', async () => {
    const port = await unusedPort();
    const exchange = await sendCase(testCase({ method: 'GET', path: '/pets/1' }), { baseUrl: `http://127.0.0.1:${port}` });
    expect(exchange.error).toBe(`could not connect to http://127.0.0.1:${port}: connection refused — is the server running?`);
    expect(exchange.request.url).toBe(`http://127.0.0.1:${port}/pets/1`);
    expect(exchange.response).toBeUndefined();
  });
});
