import { copyFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ingestSpec } from '../../../src/engines/spec/ingest-spec.js';
import { BaseUrlError } from '../../../src/engines/testing/choose-base-url.js';
import { runSpecTests, SpecTestSetupError } from '../../../src/engines/testing/run-spec-tests.js';
import { OperationFilterError } from '../../../src/engines/testing/select-operations.js';
import { UnknownVariableError, VariableScope } from '../../../src/workspace/variable-scope.js';
import { createTempProject, type TempProject } from '../../tools/temp-project.js';

/** A small pets API that follows its spec, except GET /crash which always fails with a 500. */
function tinyPetsSpec(serverUrl?: string) {
  const pet = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } };
  const error = { description: 'Bad request', content: { 'application/json': { schema: { type: 'object' } } } };
  return {
    openapi: '3.0.3',
    info: { title: 'Tiny Pets', version: '1.0.0' },
    servers: serverUrl ? [{ url: serverUrl }] : [],
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          tags: ['pets'],
          responses: { '200': { description: 'Pets', content: { 'application/json': { schema: { type: 'array', items: pet } } } } },
        },
        post: {
          operationId: 'createPet',
          tags: ['pets'],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { type: 'object', required: ['name'], additionalProperties: false, properties: { name: { type: 'string' } } },
                example: { name: 'Rex' },
              },
            },
          },
          responses: { '201': { description: 'Created', content: { 'application/json': { schema: pet } } }, '400': error },
        },
      },
      '/pets/{petId}': {
        get: {
          operationId: 'getPet',
          tags: ['pets'],
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' }, example: 1 }],
          responses: { '200': { description: 'A pet', content: { 'application/json': { schema: pet } } }, '400': error },
        },
      },
      '/crash': {
        get: {
          operationId: 'crash',
          tags: ['debug'],
          responses: { '200': { description: 'Never', content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
    },
  };
}

interface Hit {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

let server: Server;
let serverUrl: string;
const hits: Hit[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      hits.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
      const json = (status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      const { pathname } = new URL(request.url ?? '/', 'http://localhost');
      const petId = /^\/pets\/([^/]+)$/.exec(pathname)?.[1];
      if (request.method === 'GET' && pathname === '/pets') return json(200, [{ id: 1, name: 'Rex' }]);
      if (request.method === 'GET' && petId !== undefined)
        return /^-?\d+$/.test(petId) ? json(200, { id: Number(petId), name: 'Rex' }) : json(400, { error: 'petId' });
      if (request.method === 'POST' && pathname === '/pets') {
        let pet: unknown;
        try {
          pet = JSON.parse(body);
        } catch {
          return json(400, { error: 'not JSON' });
        }
        const valid =
          typeof pet === 'object' &&
          pet !== null &&
          !Array.isArray(pet) &&
          typeof (pet as { name?: unknown }).name === 'string' &&
          Object.keys(pet).length === 1;
        return valid ? json(201, { id: 2, name: (pet as { name: string }).name }) : json(400, { error: 'invalid pet' });
      }
      if (pathname === '/crash') return json(500, { error: 'TypeError: boom' });
      return json(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
  hits.length = 0;
});
afterEach(() => project.remove());

const scope = (environment?: string) => VariableScope.open(project.root, { API_TOKEN: 'tok-123' }, environment);

describe('runSpecTests', () => {
  it("tests a project's OpenAPI file against the environment's BASE_URL and finds the planted 500", async () => {
    await project.write('openapi.json', JSON.stringify(tinyPetsSpec()));
    await project.write('.falcon/environments/dev.yaml', `BASE_URL: ${serverUrl}/\n`);
    const events: string[] = [];
    const result = await runSpecTests({
      projectRoot: project.root,
      spec: 'openapi.json',
      variables: await scope(),
      onPlan: (plan) => events.push(`plan ${plan.cases.length}`),
      onResult: (_result, done, total) => events.push(`result ${done}/${total}`),
    });

    expect(result.specSource).toBe('openapi.json');
    expect(result.baseUrl).toBe(serverUrl);
    expect(result.baseUrlFrom).toBe('environment');
    expect(result.operations.map((operation) => operation.id)).toEqual(['listPets', 'createPet', 'getPet', 'crash']);
    expect(result.run.results).toHaveLength(result.cases.length);
    expect(result.run.operations).toEqual({ total: 4, covered: 4 });
    expect(events[0]).toBe(`plan ${result.cases.length}`);
    expect(events.at(-1)).toBe(`result ${result.cases.length}/${result.cases.length}`);
    expect(hits.some((hit) => hit.method === 'POST' && hit.url === '/pets')).toBe(true);

    const crash = result.run.results.filter((caseResult) => caseResult.case.operationId === 'crash');
    expect(crash.length).toBeGreaterThan(0);
    for (const caseResult of crash) {
      expect(caseResult.outcome).toBe('failed');
      expect(caseResult.findings.map((finding) => finding.kind)).toContain('not_a_server_error');
    }
    const listPets = result.run.results.find((caseResult) => caseResult.case.operationId === 'listPets' && caseResult.case.kind === 'happy');
    expect(listPets?.outcome).toBe('passed');
  });

  it(".falcon/spec.yaml by default, sent to the spec's server when no BASE_URL is set", async () => {
    await project.write('openapi.json', JSON.stringify(tinyPetsSpec(serverUrl)));
    await ingestSpec('openapi.json', { projectRoot: project.root, signal: AbortSignal.timeout(10_000) });
    const result = await runSpecTests({ projectRoot: project.root, variables: await scope(), filter: { include: ['listPets'] } });
    expect(result.specSource).toBe('.falcon/spec.yaml');
    expect(result.baseUrlFrom).toBe('spec');
    expect(result.baseUrl).toBe(serverUrl);
    expect(hits.length).toBeGreaterThan(0);
  });

  it('reads a spec outside the project, and a falcon-spec file named by path', async () => {
    const outside = path.join(project.outside, 'openapi.json');
    await writeFile(outside, JSON.stringify(tinyPetsSpec()));
    const fromOutside = await runSpecTests({
      projectRoot: project.root,
      spec: outside,
      baseUrl: serverUrl,
      variables: await scope(),
      filter: { include: ['GET /pets'] },
    });
    expect(fromOutside.spec.title).toBe('Tiny Pets');
    expect(fromOutside.baseUrlFrom).toBe('given');

    await project.write('api/openapi.json', JSON.stringify(tinyPetsSpec()));
    await ingestSpec('api/openapi.json', { projectRoot: project.root, signal: AbortSignal.timeout(10_000) });
    await copyFile(path.join(project.root, '.falcon/spec.yaml'), path.join(project.root, 'copy.yaml'));
    const fromCopy = await runSpecTests({
      projectRoot: project.root,
      spec: 'copy.yaml',
      baseUrl: serverUrl,
      variables: await scope(),
      filter: { include: ['GET /pets'] },
    });
    expect(fromCopy.specSource).toBe('copy.yaml');
    expect(fromCopy.spec.source).toBe('api/openapi.json');
  });

  it('include and exclude narrow the operations, and coverage counts only those', async () => {
    await project.write('openapi.json', JSON.stringify(tinyPetsSpec()));
    const result = await runSpecTests({
      projectRoot: project.root,
      spec: 'openapi.json',
      baseUrl: serverUrl,
      variables: await scope(),
      filter: { include: ['tag:pets'], exclude: ['POST /pets'] },
    });
    expect(result.operations.map((operation) => operation.id)).toEqual(['listPets', 'getPet']);
    expect(result.run.operations.total).toBe(2);
    expect(new Set(result.run.results.map((caseResult) => caseResult.case.operationId))).toEqual(new Set(['listPets', 'getPet']));
    // Nothing of the operations left out; the POST probe of /pets/{petId} (unsupported_method) is the in-scope getPet's.
    expect(hits.some((hit) => hit.url === '/crash' || (hit.method === 'POST' && hit.url.split('?')[0] === '/pets'))).toBe(false);
    expect(result.run.results.filter((caseResult) => caseResult.case.kind === 'probe').map((caseResult) => caseResult.case.id)).toEqual([
      'listPets/probe/put-undocumented',
      'listPets/probe/delete-undocumented',
      'listPets/probe/patch-undocumented',
      'getPet/probe/put-undocumented',
      'getPet/probe/post-undocumented',
      'getPet/probe/delete-undocumented',
      'getPet/probe/patch-undocumented',
    ]);
  });

  it('sends the headers with their {{VAR}}s filled from the environment', async () => {
    await project.write('openapi.json', JSON.stringify(tinyPetsSpec()));
    await project.write('.falcon/environments/ci.yaml', `BASE_URL: ${serverUrl}\nTOKEN: "{{env:API_TOKEN}}"\n`);
    await runSpecTests({
      projectRoot: project.root,
      spec: 'openapi.json',
      variables: await scope('ci'),
      headers: { Authorization: 'Bearer {{TOKEN}}' },
      filter: { include: ['listPets'] },
    });
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.headers.authorization).toBe('Bearer tok-123');
  });

  it('fails before sending anything when the spec, the base URL, a filter or a header variable is wrong', async () => {
    const noSpec = runSpecTests({ projectRoot: project.root, baseUrl: serverUrl, variables: await scope() });
    await expect(noSpec).rejects.toBeInstanceOf(SpecTestSetupError);
    await expect(noSpec).rejects.toMatchObject({ reason: 'no-spec' });

    await project.write('openapi.json', JSON.stringify(tinyPetsSpec()));
    const base = { projectRoot: project.root, spec: 'openapi.json', variables: await scope() };
    await expect(runSpecTests(base)).rejects.toThrow(BaseUrlError);
    await expect(runSpecTests({ ...base, baseUrl: 'localhost:3000' })).rejects.toThrow('is not an http(s) URL');
    await expect(runSpecTests({ ...base, baseUrl: serverUrl, filter: { include: ['nope'] } })).rejects.toThrow(OperationFilterError);
    await expect(runSpecTests({ ...base, baseUrl: serverUrl, headers: { 'X-Key': '{{MISSING}}' } })).rejects.toThrow(UnknownVariableError);
    await expect(runSpecTests({ ...base, spec: 'missing.yaml', baseUrl: serverUrl })).rejects.toThrow('missing.yaml: no such file');
    expect(hits).toEqual([]);
  });
});
