import { describe, expect, it } from 'vitest';
import type { FalconSpec, SecurityScheme, SpecOperation } from '../../../../src/engines/spec/spec-format.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import type { CaseResult } from '../../../../src/engines/testing/test-run.js';
import { runWarnings } from '../../../../src/engines/testing/warnings/run-warnings.js';

const BASE = 'http://127.0.0.1:4010/api';

function operation(fields: Partial<SpecOperation> = {}): SpecOperation {
  return { id: 'getPet', method: 'GET', path: '/pets/{petId}', tags: [], parameters: [], responses: {}, security: [{ ApiKeyAuth: [] }], ...fields };
}

function spec(
  operations: SpecOperation[],
  securitySchemes: Record<string, SecurityScheme> = { ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
): FalconSpec {
  return {
    format: 'falcon-spec/1',
    source: 'openapi.yaml',
    kind: 'openapi',
    specVersion: '3.0.3',
    ingestedAt: '2025-01-01T00:00:00Z',
    title: 'Pets',
    version: '1',
    servers: [],
    securitySchemes,
    operations,
  };
}

/** A case of getPet that got `status`; `petId` is what it sent. */
function answered(status: number, fields: Partial<TestCase> = {}, petId: string | number = 1, headers: Record<string, string> = {}): CaseResult {
  const testCase: TestCase = {
    id: `getPet/happy/${status}-${petId}`,
    name: 'GET /pets/{petId}',
    kind: 'happy',
    operationId: 'getPet',
    tags: [],
    request: { method: 'GET', path: '/pets/{petId}', pathParams: { petId } },
    ...fields,
  };
  return {
    case: testCase,
    outcome: 'passed',
    findings: [],
    request: { method: testCase.request.method, url: `${BASE}/pets/${encodeURIComponent(String(petId))}`, headers },
    response: { status, statusText: '', headers: { 'content-type': 'application/json' }, body: '{}', durationMs: 3 },
    durationMs: 3,
  };
}

function times(count: number, make: () => CaseResult): CaseResult[] {
  return Array.from({ length: count }, make);
}

const kinds = (results: CaseResult[], given = spec([operation()])) => runWarnings(results, given).map((warning) => `${warning.kind} ${warning.operation}`);

describe('runWarnings thresholds', () => {
  it('missing_auth fires above 80 % of answers with 401 or 403, not at exactly 80 %', () => {
    expect(kinds([...times(4, () => answered(401)), answered(200)])).toEqual([]);
    expect(kinds([...times(3, () => answered(401)), answered(403), answered(200)])).toEqual([]);
    expect(kinds([...times(4, () => answered(401)), answered(403), answered(200)])).toEqual(['missing_auth getPet']);
    expect(kinds([answered(401)])).toEqual(['missing_auth getPet']);
  });

  it('missing_test_data fires above 80 % of answers with 404, not at exactly 80 %', () => {
    expect(kinds([...times(8, () => answered(404)), answered(200), answered(400)])).toEqual([]);
    expect(kinds([...times(9, () => answered(404)), answered(200)])).toEqual(['missing_test_data getPet']);
  });

  it('method_not_allowed fires only when every answer is 405', () => {
    expect(kinds([...times(9, () => answered(405)), answered(404)])).toEqual([]);
    expect(kinds(times(3, () => answered(405)))).toEqual(['method_not_allowed getPet']);
  });

  it('counts only cases that got an answer and tried to reach the operation', () => {
    const unanswered: CaseResult = { ...answered(0), outcome: 'failed', findings: [{ kind: 'request_error', message: 'ECONNREFUSED' }] };
    delete unanswered.response;
    const skipped: CaseResult = { case: answered(0).case, outcome: 'skipped', findings: [], skipReason: 'cancelled', durationMs: 0 };
    expect(kinds([unanswered, skipped])).toEqual([]);
    // ignored_auth's and unsupported_method's probes are refused on purpose; they do not count.
    const probes = [
      answered(401, { kind: 'probe', probe: 'ignored_auth' }),
      answered(405, { kind: 'probe', probe: 'unsupported_method', request: { method: 'PUT', path: '/pets/{petId}' } }),
    ];
    expect(kinds([...probes, answered(200)])).toEqual([]);
    expect(kinds([...probes, ...times(5, () => answered(200)), answered(405, { request: { method: 'POST', path: '/pets/{petId}' } })])).toEqual([]);
  });

  it('a case that expects the status it got is not counted toward the warning', () => {
    const expected = times(5, () => answered(404, { kind: 'custom', expectStatus: [404] }));
    expect(kinds([...expected, answered(200)])).toEqual([]);
    const readAfterDelete = answered(404, { kind: 'stateful', resource: { state: 'deleted', by: 'deletePet/stateful' } });
    expect(kinds([readAfterDelete])).toEqual([]);
  });

  it('groups by operation: each operation is judged on its own answers, in the order they first appear', () => {
    const other = (status: number) => answered(status, { operationId: 'listPets', request: { method: 'GET', path: '/pets' } });
    const given = spec([operation(), operation({ id: 'listPets', path: '/pets' })]);
    expect(kinds([other(200), answered(401), other(404), answered(401)], given)).toEqual(['missing_auth getPet']);
    expect(kinds([other(404), answered(401), other(404)], given)).toEqual(['missing_test_data listPets', 'missing_auth getPet']);
  });

  it('without a spec, cases with no operation are grouped by method and path', () => {
    const free = (status: number) => answered(status, { operationId: undefined, kind: 'custom', request: { method: 'GET', path: '/me' } });
    expect(runWarnings([free(401), free(401)]).map((warning) => `${warning.kind} ${warning.operation}`)).toEqual(['missing_auth GET /me']);
  });
});

describe('missing_auth names the scheme and how to pass it', () => {
  const warningFor = (schemes: Record<string, SecurityScheme>, security: SpecOperation['security'], headers: Record<string, string> = {}) =>
    runWarnings([answered(401, {}, 1, headers)], spec([operation({ security })], schemes))[0]!;

  it('an API key in a header: the -H line with a {{VAR}} and where its value goes', () => {
    const warning = warningFor({ ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' } }, [{ ApiKeyAuth: [] }]);
    expect(warning).toEqual({
      kind: 'missing_auth',
      operation: 'getPet',
      message: "getPet (GET /pets/{petId}) needs credentials the run did not send: the spec's security scheme ApiKeyAuth (an API key in header X-API-Key)",
      evidence: 'its one answered case got 401 or 403',
      advice:
        'pass it with -H "X-API-Key: {{API_KEY}}" and set API_KEY in .falcon/environments/<env>.yaml (API_KEY: "{{env:API_KEY}}" there takes it from the shell\'s environment), or use -H "X-API-Key: {{env:API_KEY}}"',
    });
  });

  it('bearer, basic, OAuth 2 with scopes, a cookie, a query key, and a scheme the spec does not describe', () => {
    const bearer = warningFor({ jwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } }, [{ jwt: [] }]);
    expect(bearer.message).toContain('jwt (HTTP bearer token, JWT)');
    expect(bearer.advice).toMatch(/^pass it with -H "Authorization: Bearer \{\{API_TOKEN\}\}" and set API_TOKEN in/);
    const basic = warningFor({ basicAuth: { type: 'http', scheme: 'basic' } }, [{ basicAuth: [] }]);
    expect(basic.advice).toContain('-H "Authorization: Basic {{BASIC_AUTH}}"');
    expect(basic.advice).toContain('BASIC_AUTH is the base64 of user:password');
    const oauth = warningFor({ petstore_auth: { type: 'oauth2' } }, [{ petstore_auth: ['read:pets', 'write:pets'] }]);
    expect(oauth.message).toContain('petstore_auth (OAuth 2 access token, scopes read:pets, write:pets)');
    expect(oauth.advice).toContain('-H "Authorization: Bearer {{API_TOKEN}}"');
    const cookie = warningFor({ session: { type: 'apiKey', in: 'cookie', name: 'sid' } }, [{ session: [] }]);
    expect(cookie.advice).toContain('-H "Cookie: sid={{SID}}"');
    const query = warningFor({ key: { type: 'apiKey', in: 'query', name: 'api_key' } }, [{ key: [] }]);
    expect(query.message).toContain('key (an API key in query parameter api_key)');
    expect(query.advice).toBe(
      'falcon test has no option to add a query parameter to every request; if the API also takes the key in a header, pass that with -H',
    );
    const unknown = warningFor({}, [{ mystery: [] }]);
    expect(unknown.message).toContain('mystery (not described under securitySchemes)');
  });

  it('alternatives are named with "or", schemes that go together with "and"; the advice follows the first', () => {
    const schemes: Record<string, SecurityScheme> = {
      key: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      app: { type: 'apiKey', in: 'header', name: 'X-App-Id' },
      jwt: { type: 'http', scheme: 'bearer' },
    };
    const warning = warningFor(schemes, [{ key: [], app: [] }, { jwt: [] }]);
    expect(warning.message).toContain('key (an API key in header X-API-Key) and app (an API key in header X-App-Id) or jwt (HTTP bearer token)');
    expect(warning.advice).toMatch(/^pass them with -H "X-API-Key: \{\{API_KEY\}\}" -H "X-App-Id: \{\{APP_ID\}\}" and set API_KEY and APP_ID in/);
  });

  it('credentials that were sent and refused are named as refused, 403 as rights', () => {
    const schemes = { ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' } };
    const refused = runWarnings(
      [answered(401, {}, 1, { 'x-api-key': '[masked:API_KEY]' }), answered(403, {}, 2, { 'x-api-key': '[masked:API_KEY]' })],
      spec([operation()], schemes),
    )[0]!;
    expect(refused.message).toBe(
      'getPet (GET /pets/{petId}) refused the credentials the run sent for ApiKeyAuth (an API key in header X-API-Key): no case reached its logic',
    );
    expect(refused.advice).toBe('check the value sent: wrong, expired or for another environment, or without the rights this operation needs (403)');
  });

  it('an operation the spec declares public, or a run without a spec, gets the general advice', () => {
    const open = runWarnings([answered(401)], spec([operation({ security: [] })]))[0]!;
    expect(open.message).toBe(
      'getPet (GET /pets/{petId}) refused most cases as unauthorized although the spec declares no security for it: no case reached its logic',
    );
    expect(open.advice).toMatch(
      /^if it needs credentials, pass it with -H "Authorization: Bearer \{\{API_TOKEN\}\}" .*, and declare the scheme in the spec \(securitySchemes and security\)$/,
    );
    const optional = runWarnings([answered(401)], spec([operation({ security: [{ ApiKeyAuth: [] }, {}] })]))[0]!;
    expect(optional.message).toContain('although the spec declares no security for it');
    const specless = runWarnings([answered(401)])[0]!;
    expect(specless.message).toBe(
      'getPet (GET /pets/{petId}) refused most cases as unauthorized and the run had no spec to say what auth it needs: no case reached its logic',
    );
  });
});

describe('missing_test_data and method_not_allowed say what to do', () => {
  it('names the path parameter and the values valid cases sent, read back from the URL', () => {
    const chained = answered(404, { kind: 'stateful', request: { method: 'GET', path: '/pets/{petId}', pathParams: { petId: '{{petId}}' } } }, 77);
    const negative = answered(404, { kind: 'negative', expectRejection: true }, 'abc');
    const warning = runWarnings([answered(404, {}, 1), answered(404, {}, 1), chained, negative, answered(404, {}, 'Rex/1')], spec([operation()]))[0]!;
    expect(warning).toEqual({
      kind: 'missing_test_data',
      operation: 'getPet',
      message: 'getPet (GET /pets/{petId}) found nothing for most cases: the petId they sent names no record on the server',
      evidence: 'all 5 answered cases got 404; sent petId 1, 77, Rex/1',
      advice:
        'seed the data before the run (a record with petId 1), give ids the server has with --seed-data FILE, or give petId an example in the spec that the server has',
    });
  });

  it('a path without parameters that answers 404 is a route the server lacks', () => {
    const list = (status: number) => answered(status, { operationId: 'listPets', request: { method: 'GET', path: '/pets' } });
    const warning = runWarnings([list(404), list(404)], spec([operation({ id: 'listPets', path: '/pets' })]))[0]!;
    expect(warning.message).toBe('listPets (GET /pets) answered 404 to most cases, and its path has no id in it: the server seems not to serve this route');
    expect(warning.advice).toBe('check the base URL (a path prefix such as /api or /v1?) and that the server has GET /pets');
  });

  it('method_not_allowed quotes the Allow header the server sent', () => {
    const refused = answered(405);
    refused.response!.headers = { allow: 'GET, DELETE' };
    const warning = runWarnings([refused, answered(405)], spec([operation()]))[0]!;
    expect(warning.evidence).toBe('all 2 answered cases got 405; Allow: GET, DELETE');
    expect(warning.message).toBe('getPet (GET /pets/{petId}) answered 405 Method Not Allowed to every case: the server does not take GET on /pets/{petId}');
  });
});
