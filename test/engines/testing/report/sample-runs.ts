import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import type { CaseResult, RecordedRequest, RecordedResponse, TestRun } from '../../../../src/engines/testing/test-run.js';

export const BEARER_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlc2VjcmV0';
export const PASSWORD = 'hunter2-Correct-Horse';

const JSON_HEADERS = { 'content-type': 'application/json' };

function exchange(request: Partial<RecordedRequest> & Pick<RecordedRequest, 'method' | 'url'>, response?: Partial<RecordedResponse>) {
  return {
    request: { headers: { accept: 'application/json' }, ...request },
    ...(response && { response: { status: 200, statusText: 'OK', headers: JSON_HEADERS, body: '{}', durationMs: 12, ...response } }),
  };
}

function testCase(id: string, fields: Partial<TestCase> = {}): TestCase {
  const [operationId, kind = 'happy'] = id.split('/');
  return { id, name: `case ${id}`, kind: kind as TestCase['kind'], operationId, tags: [], request: { method: 'GET', path: '/pets' }, ...fields };
}

/** Passes, failures of several checks, a request error, a skipped chain step, and a case with no operation. */
export function mixedRun(): TestRun {
  const results: CaseResult[] = [
    {
      case: testCase('listPets/happy', { name: 'GET /pets' }),
      outcome: 'passed',
      findings: [],
      ...exchange({ method: 'GET', url: 'http://127.0.0.1:4010/pets' }, { body: '[{"id":1,"name":"Rex"}]' }),
      durationMs: 15,
    },
    {
      case: testCase('createPet/negative/name-wrong-type', {
        name: 'POST /pets with "name" of the wrong type',
        kind: 'negative',
        mutation: 'name is a number instead of a string',
        expectRejection: true,
        request: { method: 'POST', path: '/pets', body: { name: 42 } },
      }),
      outcome: 'failed',
      findings: [
        { kind: 'negative_data_rejection', message: 'the API accepted an invalid request with 201 (name is a number instead of a string)' },
        { kind: 'response_schema_conformance', message: 'response body: /id must be integer' },
      ],
      ...exchange(
        { method: 'POST', url: 'http://127.0.0.1:4010/pets', headers: { 'content-type': 'application/json' }, body: '{"name":42}' },
        { status: 201, statusText: 'Created', body: '{"id":"seven","name":42}', durationMs: 20 },
      ),
      durationMs: 21,
    },
    {
      case: testCase('getPet/happy', { name: 'GET /pets/{petId}', request: { method: 'GET', path: '/pets/{petId}', pathParams: { petId: 1 } } }),
      outcome: 'failed',
      findings: [{ kind: 'status_code_conformance', message: 'status 418 is not documented for getPet (documented: 200, 404)' }],
      ...exchange(
        { method: 'GET', url: 'http://127.0.0.1:4010/pets/1' },
        { status: 418, statusText: "I'm a teapot", headers: { 'content-type': 'text/plain' }, body: 'short and stout' },
      ),
      durationMs: 8,
    },
    {
      case: testCase('deletePet/stateful', { name: 'DELETE /pets/{petId} after create', kind: 'stateful', chain: { id: 'pet', step: 2 } }),
      outcome: 'failed',
      findings: [{ kind: 'request_error', message: 'connect ECONNREFUSED 127.0.0.1:4010' }],
      request: { method: 'DELETE', url: 'http://127.0.0.1:4010/pets/7', headers: {} },
      durationMs: 3,
    },
    {
      case: testCase('getPet/stateful', { name: 'GET /pets/{petId} after delete', kind: 'stateful', chain: { id: 'pet', step: 3 } }),
      outcome: 'skipped',
      findings: [],
      skipReason: 'step 2 of chain "pet" failed',
      durationMs: 0,
    },
    {
      case: { id: 'health', name: 'health probe', kind: 'smoke', tags: ['smoke'], request: { method: 'GET', path: '/health' } },
      outcome: 'passed',
      findings: [],
      ...exchange({ method: 'GET', url: 'http://127.0.0.1:4010/health' }, { body: '{"ok":true}', durationMs: 2 }),
      durationMs: 2,
    },
  ];
  return {
    title: 'Petstore 1.0.0',
    baseUrl: 'http://127.0.0.1:4010',
    startedAt: '2025-03-04T05:06:07.890Z',
    durationMs: 1234,
    checks: ['not_a_server_error', 'status_code_conformance', 'response_schema_conformance', 'negative_data_rejection'],
    operations: { total: 5, covered: 4 },
    results,
  };
}

/** Every character a report must survive: markup, quotes, control characters, lone surrogates, emoji, backtick fences. */
export const NASTY = `<tag attr="x">&amp; 'single' "double" ]]> \u0000\u0001\u0008\u000B\u000C\u001B\u007F\uFFFE\uFFFF\uD800 lone, 🦅 emoji, \`\`\` fence \`\`\`\`, tab\there\r\nCRLF | pipe *star* _under_`;

/** 100 KB of JSON-ish text ending in a marker, to see whether a body is kept whole or cut. */
export const LONG_BODY = `${'{"line":"lorem ipsum dolor sit amet"}\n'.repeat(2700)}END-OF-LONG-BODY`;

export function nastyRun(): TestRun {
  const run = mixedRun();
  run.title = `Nasty ${NASTY}`;
  const nastyCase = testCase(`nasty/${'negative'}`, { name: `case ${NASTY}`, kind: 'negative', operationId: `op ${NASTY}`, mutation: NASTY });
  run.results.push(
    {
      case: nastyCase,
      outcome: 'failed',
      findings: [
        { kind: 'content_type_conformance', message: `content type ${NASTY}` },
        { kind: 'not_a_server_error', message: 'status 500' },
      ],
      ...exchange(
        { method: 'PUT', url: `http://127.0.0.1:4010/x?q=${NASTY}`, headers: { 'x-nasty': 'a"b<c>&d' }, body: `${NASTY}\n${LONG_BODY}` },
        {
          status: 500,
          statusText: 'Internal Server Error',
          headers: { 'content-type': 'text/html', 'set-cookie': ['a=1', 'b=2'] },
          body: `${NASTY}\n${LONG_BODY}`,
        },
      ),
      durationMs: 40,
    },
    {
      case: testCase('nasty/boundary', { name: `skipped ${NASTY}`, kind: 'boundary' }),
      outcome: 'skipped',
      findings: [],
      skipReason: `cancelled ${NASTY}`,
      durationMs: 0,
    },
  );
  return run;
}

/** A run whose secrets escaped the runner's masking: a bearer token in headers, a password in bodies, the URL and its query. */
export function leakyRun(): TestRun {
  const run = mixedRun();
  run.baseUrl = `http://ada:${PASSWORD}@127.0.0.1:4010`;
  run.results.push({
    case: testCase('login/happy', {
      name: 'POST /login',
      request: { method: 'POST', path: '/login', headers: { Authorization: `Bearer ${BEARER_TOKEN}` }, body: { user: 'ada', password: PASSWORD } },
    }),
    outcome: 'failed',
    findings: [{ kind: 'status_code_conformance', message: 'status 500 is not documented for login' }],
    ...exchange(
      {
        method: 'POST',
        url: `http://127.0.0.1:4010/login?password=${PASSWORD}`,
        headers: { Authorization: `Bearer ${BEARER_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ user: 'ada', password: PASSWORD }),
      },
      {
        status: 500,
        statusText: 'Internal Server Error',
        headers: { 'x-echo-authorization': `Bearer ${BEARER_TOKEN}` },
        body: JSON.stringify({ error: 'bad', password: PASSWORD }),
      },
    ),
    durationMs: 9,
  });
  return run;
}
