import { describe, expect, it } from 'vitest';
import type { FalconSpec, SecurityScheme, SpecOperation } from '../../../../src/engines/spec/spec-format.js';
import { generateCases } from '../../../../src/engines/testing/generate/generate-cases.js';
import { operationCredentials } from '../../../../src/engines/testing/generate/security-credentials.js';
import { CHECK_NAMES } from '../../../../src/engines/testing/test-run.js';
import { getOperation, jsonResponse, specOf } from '../checks/spec-fixture.js';
import { caseOf, ingestedSpec } from './generation-fixtures.js';

const ok = { '200': jsonResponse({ type: 'object' }) };
const SCHEMES: Record<string, SecurityScheme> = {
  bearerAuth: { type: 'http', scheme: 'bearer' },
  basicAuth: { type: 'http', scheme: 'basic' },
  digestAuth: { type: 'http', scheme: 'digest' },
  queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
  cookieKey: { type: 'apiKey', in: 'cookie', name: 'session' },
  oauth: { type: 'oauth2' },
  tls: { type: 'mutualTLS' },
};

function securedSpec(operations: SpecOperation[]): FalconSpec {
  return { ...specOf(operations), securitySchemes: SCHEMES };
}

const secured = (id: string, security: SpecOperation['security'], extra: Partial<SpecOperation> = {}): SpecOperation => ({
  ...getOperation(id, `/${id}`, ok),
  security,
  ...extra,
});

describe('ignored_auth probes', () => {
  it('send the valid request of a secured operation without its credentials, and with an invalid one', async () => {
    const spec = securedSpec([secured('getVault', [{ bearerAuth: [] }])]);
    const probes = (await generateCases(spec, spec.operations, { checks: ['ignored_auth'] })).filter((testCase) => testCase.kind === 'probe');
    expect(probes).toEqual([
      {
        id: 'getVault/probe/no-credentials',
        name: 'GET /getVault without credentials (it declares bearerAuth)',
        kind: 'probe',
        operationId: 'getVault',
        tags: [],
        request: { method: 'GET', path: '/getVault', headers: { Accept: 'application/json' }, withoutCredentials: { headers: ['Authorization'] } },
        mutation: 'without credentials',
        probe: 'ignored_auth',
      },
      {
        id: 'getVault/probe/invalid-credentials',
        name: 'GET /getVault with an invalid bearerAuth credential',
        kind: 'probe',
        operationId: 'getVault',
        tags: [],
        request: {
          method: 'GET',
          path: '/getVault',
          headers: { Authorization: 'Bearer falcon-invalid-credential', Accept: 'application/json' },
          withoutCredentials: { headers: ['Authorization'] },
        },
        mutation: 'with an invalid bearerAuth credential',
        probe: 'ignored_auth',
      },
    ]);
  });

  it('take the key out of the query and the cookie, where the schemes put it, also when the operation declares it as a parameter', async () => {
    const parameters: SpecOperation['parameters'] = [
      { name: 'api_key', in: 'query', required: true, schema: { type: 'string' }, example: 'k-1' },
      { name: 'page', in: 'query', required: true, schema: { type: 'integer' }, example: 2 },
      { name: 'session', in: 'cookie', required: true, schema: { type: 'string' }, example: 's-1' },
      { name: 'theme', in: 'cookie', required: true, schema: { type: 'string' }, example: 'dark' },
    ];
    const spec = securedSpec([secured('listThings', [{ queryKey: [], cookieKey: [] }], { parameters })]);
    const [happy, none, invalid] = (await generateCases(spec, spec.operations, { strategies: ['happy'], checks: ['ignored_auth'] })).map(
      (testCase) => testCase.request,
    );
    expect(happy).toMatchObject({ query: { api_key: 'k-1', page: 2 }, headers: { Cookie: 'session=s-1; theme=dark' } });
    expect(none).toMatchObject({ query: { page: 2 }, headers: { Cookie: 'theme=dark' }, withoutCredentials: { cookies: ['session'] } });
    expect(invalid).toMatchObject({
      query: { page: 2, api_key: 'falcon-invalid-credential' },
      headers: { Cookie: 'theme=dark; session=falcon-invalid-credential' },
    });
  });

  it('are made for operations that inherit or declare auth, not for public ones, optional auth or a spec without security', async () => {
    const spec = securedSpec([
      secured('open', []),
      secured('optional', [{ bearerAuth: [] }, {}]),
      secured('either', [{ tls: [] }, { bearerAuth: [] }]),
      secured('undefinedScheme', [{ nowhere: [] }]),
      secured('digest', [{ digestAuth: [] }]),
      secured('oauth', [{ oauth: ['read'] }]),
    ]);
    const ids = (await generateCases(spec, spec.operations, { checks: CHECK_NAMES }))
      .filter((testCase) => testCase.probe === 'ignored_auth')
      .map((testCase) => testCase.id);
    // Digest: no invalid value Falcon could make, so only the probe without credentials.
    expect(ids).toEqual(['digest/probe/no-credentials', 'oauth/probe/no-credentials', 'oauth/probe/invalid-credentials']);
    const petstore = await ingestedSpec('petstore-3.0.yaml');
    const petstoreProbes = (await generateCases(petstore, petstore.operations, { checks: ['ignored_auth'] })).filter((testCase) => testCase.kind === 'probe');
    // listPets says `security: []`; the others inherit the document's.
    expect(petstoreProbes.map((testCase) => testCase.operationId)).not.toContain('listPets');
    expect(petstoreProbes.length).toBeGreaterThan(0);
    const bare = specOf([getOperation('getThing', '/thing', ok)]);
    expect((await generateCases(bare, bare.operations, { checks: CHECK_NAMES })).filter((testCase) => testCase.probe === 'ignored_auth')).toEqual([]);
  });

  it('know where each scheme puts its credential, and an invalid one for basic auth', () => {
    const spec = securedSpec([secured('both', [{ basicAuth: [], queryKey: [] }, { bearerAuth: [] }])]);
    expect(operationCredentials(spec.operations[0]!, spec)).toEqual({
      schemes: ['basicAuth', 'queryKey', 'bearerAuth'],
      places: [
        {
          in: 'header',
          name: 'Authorization',
          scheme: 'basicAuth',
          invalid: `Basic ${Buffer.from('falcon-invalid-credential:falcon-invalid-credential').toString('base64')}`,
        },
        { in: 'query', name: 'api_key', scheme: 'queryKey', invalid: 'falcon-invalid-credential' },
      ],
      invalid: [
        { in: 'header', name: 'Authorization', scheme: 'basicAuth', invalid: expect.stringMatching(/^Basic /) },
        { in: 'query', name: 'api_key', scheme: 'queryKey', invalid: 'falcon-invalid-credential' },
      ],
    });
  });
});

describe('unsupported_method probes', () => {
  it('send each undocumented method of a path once, with the body of an operation that has one for PUT, POST and PATCH', async () => {
    const spec = await ingestedSpec('generate-crud-3.0.yaml');
    const cases = await generateCases(spec, spec.operations, { strategies: ['happy'], checks: ['unsupported_method'] });
    const probes = cases.filter((testCase) => testCase.kind === 'probe');
    const documented = (path: string) => spec.operations.filter((operation) => operation.path === path).map((operation) => operation.method);
    for (const probe of probes) {
      expect(probe.probe).toBe('unsupported_method');
      expect(documented(probe.request.path)).not.toContain(probe.request.method);
      expect(['HEAD', 'OPTIONS', 'TRACE']).not.toContain(probe.request.method);
      const bodies = spec.operations.some((operation) => operation.path === probe.request.path && operation.requestBody);
      expect(probe.request.body !== undefined, probe.id).toBe(bodies && !['GET', 'DELETE'].includes(probe.request.method));
      expect(probe.name).toBe(`${probe.request.method} ${probe.request.path}, a method the spec does not document there (expects 405)`);
    }
    const paths = new Set(spec.operations.map((operation) => operation.path));
    expect(new Set(probes.map((probe) => probe.request.path))).toEqual(paths);
    expect(probes.length).toBeLessThanOrEqual(4 * paths.size);
    const patch = caseOf(
      probes,
      `${spec.operations.find((operation) => operation.path === '/pets' && operation.method === 'POST')!.id}/probe/patch-undocumented`,
    );
    expect(patch.request).toMatchObject({ method: 'PATCH', path: '/pets', contentType: 'application/json' });
  });

  it('count the methods the whole spec documents on the path, also for operations left out of the run', async () => {
    const spec = specOf([getOperation('listThings', '/things', ok), { ...getOperation('createThing', '/things', ok), method: 'POST' }]);
    const probes = (await generateCases(spec, [spec.operations[0]!], { checks: ['unsupported_method'] })).filter((testCase) => testCase.kind === 'probe');
    expect(probes.map((probe) => probe.id)).toEqual([
      'listThings/probe/put-undocumented',
      'listThings/probe/delete-undocumented',
      'listThings/probe/patch-undocumented',
    ]);
  });

  it('are not made when their check is off, nor for a Postman collection', async () => {
    const spec = await ingestedSpec('generate-crud-3.0.yaml');
    expect((await generateCases(spec, spec.operations)).filter((testCase) => testCase.kind === 'probe')).toEqual([]);
    const others = CHECK_NAMES.filter((name) => name !== 'unsupported_method' && name !== 'ignored_auth');
    expect((await generateCases(spec, spec.operations, { checks: others })).filter((testCase) => testCase.kind === 'probe')).toEqual([]);
    const postman = await ingestedSpec('shop.postman_collection.json');
    expect((await generateCases(postman, postman.operations, { checks: CHECK_NAMES })).filter((testCase) => testCase.kind === 'probe')).toEqual([]);
  });
});
