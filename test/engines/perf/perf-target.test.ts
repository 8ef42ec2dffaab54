import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareRequest } from '../../../src/engines/http/prepare-request.js';
import { buildPerfTarget, type PerfTargetInput } from '../../../src/engines/perf/perf-target.js';
import { PerfUsageError } from '../../../src/engines/perf/perf-usage-error.js';
import { parseWeightedPattern } from '../../../src/engines/perf/weighted-operations.js';
import { generateCases } from '../../../src/engines/testing/generate/generate-cases.js';
import { loadSpecUnderTest } from '../../../src/engines/testing/load-test-spec.js';
import { caseRequestParts } from '../../../src/engines/testing/run/case-http-request.js';
import { VariableScope } from '../../../src/workspace/variable-scope.js';
import { createTempProject, type TempProject } from '../../tools/temp-project.js';

const BASE_URL = 'http://127.0.0.1:4010';
const TOKEN = 'tok-4f9a7c2e81b3';

/** Users: listUsers needs a generated `limit`, getUser has an example id, createUser a generated body. */
const usersSpec = {
  openapi: '3.0.3',
  info: { title: 'Users API', version: '1.0.0' },
  paths: {
    '/users': {
      get: {
        operationId: 'listUsers',
        tags: ['users'],
        parameters: [{ name: 'limit', in: 'query', required: true, schema: { type: 'integer', minimum: 1, maximum: 50 } }],
        responses: { '200': { description: 'Users', content: { 'application/json': { schema: { type: 'array' } } } } },
      },
      post: {
        operationId: 'createUser',
        tags: ['users'],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 2 }, age: { type: 'integer', minimum: 0 } } },
            },
          },
        },
        responses: { '201': { description: 'Created' } },
      },
    },
    '/users/{id}': {
      get: {
        operationId: 'getUser',
        tags: ['users'],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' }, example: 7 }],
        responses: { '200': { description: 'A user', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
    '/health': { get: { operationId: 'health', tags: ['ops'], responses: { '200': { description: 'Up' } } } },
  },
};

let project: TempProject;
let variables: VariableScope;

beforeEach(async () => {
  project = await createTempProject();
  await project.write('.falcon/environments/dev.yaml', `BASE_URL: ${BASE_URL}/\nUSER_ID: "7"\nAPI_TOKEN: "{{env:API_TOKEN}}"\n`);
  await project.write('openapi.json', JSON.stringify(usersSpec));
  variables = await VariableScope.open(project.root, { API_TOKEN: TOKEN });
});
afterEach(() => project.remove());

const build = (input: Omit<PerfTargetInput, 'projectRoot' | 'variables'>) => buildPerfTarget({ projectRoot: project.root, variables, ...input });
const usageError = async (input: Omit<PerfTargetInput, 'projectRoot' | 'variables'>) => {
  const error = await build(input).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PerfUsageError);
  return (error as Error).message;
};

describe('a URL', () => {
  it('fills placeholders, adds the default headers, sends a JSON body as JSON and registers the secrets it fills in', async () => {
    const target = await build({
      url: '{{BASE_URL}}users/{{USER_ID}}?full=1',
      method: 'put',
      headers: { Authorization: 'Bearer {{API_TOKEN}}' },
      body: '{"id": {{USER_ID}}, "name": "Ada"}',
    });
    const body = '{"id": 7, "name": "Ada"}';
    expect(target).toEqual({
      target: `PUT ${BASE_URL}/users/7?full=1`,
      requests: [
        {
          method: 'PUT',
          url: `${BASE_URL}/users/7?full=1`,
          headers: {
            'user-agent': 'falcon',
            accept: '*/*',
            authorization: `Bearer ${TOKEN}`,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
          },
          body,
          weight: 1,
          label: `PUT ${BASE_URL}/users/7?full=1`,
        },
      ],
      // Where the requests are addressed from, for a k6 script to read as __ENV.BASE_URL.
      baseUrl: BASE_URL,
    });
    expect(variables.secrets.maskValues(JSON.stringify(target))).not.toContain(TOKEN);
  });

  it('keeps a content-type given, and sends a text body as it is', async () => {
    const [json] = (await build({ url: `${BASE_URL}/a`, method: 'POST', headers: { 'Content-Type': 'application/merge-patch+json' }, body: '{"a":1}' }))
      .requests;
    expect(json?.headers['content-type']).toBe('application/merge-patch+json');
    const [text] = (await build({ url: `${BASE_URL}/a`, method: 'POST', body: 'a=1' })).requests;
    expect(text?.headers).not.toHaveProperty('content-type');
    expect(text).toMatchObject({ body: 'a=1', method: 'POST' });
    const [get] = (await build({ url: `${BASE_URL}/a` })).requests;
    expect(get).toMatchObject({ method: 'GET', label: `GET ${BASE_URL}/a` });
    expect(get).not.toHaveProperty('body');
  });

  it('takes the origin of a URL written out as its base URL', async () => {
    expect((await build({ url: 'https://api.example.test:8443/v1/items?x=1' })).baseUrl).toBe('https://api.example.test:8443');
  });

  it('names what the user must fix: an unknown variable, a URL that is not http(s), a method that is not one', async () => {
    expect(await usageError({ url: '{{BASE_URL}}/x/{{NOPE}}', headers: { 'X-Key': '{{env:MISSING}}' } })).toMatch(
      /unknown variables \{\{NOPE\}\}, \{\{env:MISSING\}\}/,
    );
    expect(await usageError({ url: 'localhost:3000/users' })).toBe('only http and https URLs are supported: localhost:3000/users');
    expect(await usageError({ url: 'http://' })).toMatch(/^invalid URL: http:\/\/ \(give an absolute http/);
    expect(await usageError({ url: `${BASE_URL}/a`, method: 'GE T' })).toBe('"GE T" is not an HTTP method such as GET or POST');
  });
});

describe('a saved request', () => {
  it('uses the active environment, keeps its query and JSON body, and takes the given headers over its own', async () => {
    await project.write(
      '.falcon/requests/update-user.yaml',
      'method: patch\nurl: "{{BASE_URL}}users/{{USER_ID}}"\nquery: {notify: true}\nheaders: {X-Trace: saved, Accept: application/json}\nbody: {name: Ada}\n',
    );
    const target = await build({ request: 'update-user', headers: { 'x-trace': 'load-{{USER_ID}}' } });
    expect(target.target).toBe(`request update-user (PATCH ${BASE_URL}/users/7?notify=true)`);
    expect(target.baseUrl).toBe(BASE_URL);
    expect(target.requests).toEqual([
      {
        method: 'PATCH',
        url: `${BASE_URL}/users/7?notify=true`,
        headers: { 'user-agent': 'falcon', accept: 'application/json', 'x-trace': 'load-7', 'content-type': 'application/json', 'content-length': '14' },
        body: '{"name":"Ada"}',
        weight: 1,
        label: 'update-user',
      },
    ]);
  });

  it('names the saved requests there are when the one asked for is not', async () => {
    expect(await usageError({ request: 'nope' })).toMatch(/^No saved request "nope" in .*There are no saved requests yet\.$/);
    await project.write('.falcon/requests/health.yaml', 'url: "{{BASE_URL}}health"\n');
    await project.write('.falcon/requests/list.yml', 'url: "{{BASE_URL}}users"\n');
    expect(await usageError({ request: 'nope' })).toMatch(/Saved requests: health, list\.$/);
    expect(await usageError({ request: '../secret' })).toMatch(/cannot be a name/);
  });
});

describe('spec operations', () => {
  it("sends each operation as falcon test's valid request, weighted, against the environment's BASE_URL", async () => {
    const target = await build({
      operations: ['listUsers=3', 'GET /users/{id}', 'createUser = 2'],
      spec: 'openapi.json',
      headers: { Authorization: 'Bearer {{API_TOKEN}}' },
    });
    expect(target.target).toBe(`3 operations of Users API at ${BASE_URL}`);
    expect(target.requests.map(({ label, weight }) => `${label} ×${weight}`)).toEqual(['GET /users ×3', 'GET /users/{id} ×1', 'POST /users ×2']);
    for (const request of target.requests) expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    const [list, get, create] = target.requests;
    expect(get).toMatchObject({ method: 'GET', url: `${BASE_URL}/users/7` });
    expect(get?.headers.accept).toBe('application/json');
    const limit = Number(new URL(list!.url).searchParams.get('limit'));
    expect(limit).toBeGreaterThanOrEqual(1);
    expect(limit).toBeLessThanOrEqual(50);
    expect(create?.headers['content-type']).toBe('application/json');
    expect(create?.headers['content-length']).toBe(String(Buffer.byteLength(create!.body!)));
    expect((JSON.parse(create!.body!) as { name: string }).name.length).toBeGreaterThanOrEqual(2);

    // The very values `falcon test` sends in its happy cases, with the same seed.
    const { spec } = (await loadSpecUnderTest('openapi.json', project.root, new AbortController().signal))!;
    const cases = await generateCases(spec, spec.operations, { strategies: ['happy'] });
    for (const [id, sent] of [
      ['listUsers', list],
      ['createUser', create],
    ] as const) {
      const happy = prepareRequest(caseRequestParts(cases.find((testCase) => testCase.id === `${id}/happy/valid`)!.request, BASE_URL));
      expect(sent).toMatchObject({ url: happy.url.href, ...(happy.body !== undefined && { body: happy.body }) });
    }
    const again = await build({
      operations: ['listUsers=3', 'GET /users/{id}', 'createUser = 2'],
      spec: 'openapi.json',
      headers: { Authorization: 'Bearer {{API_TOKEN}}' },
    });
    expect(again).toEqual(target);
    const otherSeed = await build({ operations: ['createUser'], spec: 'openapi.json', seed: 99 });
    expect(otherSeed.requests[0]?.body).not.toBe(create?.body);
  });

  it('gives every operation a pattern matches its weight, the last pattern naming one deciding, and reads .falcon/spec.yaml by default', async () => {
    await project.write(
      '.falcon/spec.yaml',
      `# Falcon spec\n${JSON.stringify({ ...(await loadSpecUnderTest('openapi.json', project.root, new AbortController().signal))!.spec }, null, 2)}\n`,
    );
    const target = await build({ operations: ['tag:users=2', '/users*=4', 'getUser=1'], baseUrl: 'http://127.0.0.1:9/api/' });
    expect(target.target).toBe('3 operations of Users API at http://127.0.0.1:9/api');
    expect(target.requests.map(({ label, weight }) => `${label} ×${weight}`)).toEqual(['GET /users ×4', 'POST /users ×4', 'GET /users/{id} ×1']);
    expect(target.requests[2]?.url).toBe('http://127.0.0.1:9/api/users/7');
    expect(target.baseUrl).toBe('http://127.0.0.1:9/api');
    expect((await build({ operations: ['health'] })).target).toBe(`1 operation of Users API at ${BASE_URL}`);
  });

  it('reads a weight only from a trailing "=N"', () => {
    expect(parseWeightedPattern('GET /users/{id} = 12')).toEqual({ pattern: 'GET /users/{id}', weight: 12 });
    expect(parseWeightedPattern('/users*')).toEqual({ pattern: '/users*', weight: 1 });
    expect(parseWeightedPattern('tag:a=b')).toEqual({ pattern: 'tag:a=b', weight: 1 });
  });

  it('names what the user must fix: no spec, a pattern matching nothing, a zero weight, no base URL', async () => {
    expect(await usageError({ operations: ['listUsers'] })).toMatch(/^no spec: \.falcon\/spec\.yaml is missing/);
    expect(await usageError({ operations: ['listUsers', 'deleteUser=2'], spec: 'openapi.json' })).toMatch(
      /^"deleteUser" matches no operation of the spec; give an operationId/,
    );
    expect(await usageError({ operations: ['listUsers=0'], spec: 'openapi.json' })).toBe(
      '"listUsers=0": a weight after "=" is a whole number of at least 1, e.g. "listUsers=3"',
    );
    expect(await usageError({ operations: [], spec: 'openapi.json' })).toMatch(/^give at least one operation/);
    expect(await usageError({ operations: ['health'], spec: 'missing.json' })).toBe('missing.json: no such file');
    await project.remove();
    project = await createTempProject();
    await project.write('openapi.json', JSON.stringify(usersSpec));
    variables = await VariableScope.open(project.root, {});
    expect(await usageError({ operations: ['health'], spec: 'openapi.json' })).toMatch(/^no base URL: no environment is active/);
  });
});

describe('what to send', () => {
  it('is exactly one of a URL, a saved request and operations, each with the options that go with it', async () => {
    expect(await usageError({})).toBe('nothing to send: give a URL, a saved request or spec operations');
    expect(await usageError({ url: BASE_URL, request: 'health' })).toBe('give one of a URL, a saved request or spec operations, not a URL and a saved request');
    expect(await usageError({ request: 'health', body: '{}' })).toBe('the method and body go with a URL: a saved request brings its own');
    expect(await usageError({ operations: ['health'], method: 'POST' })).toBe('the method and body go with a URL: spec operations bring their own');
    expect(await usageError({ url: BASE_URL, baseUrl: BASE_URL })).toBe('a base URL and a spec go with spec operations');
  });
});
