import { describe, expect, it } from 'vitest';
import { AssertionSpecError, assertResponse, findExpectationProblems } from '../../../src/engines/assertions/assert-response.js';
import { makeJsonText, makeResponse } from './make-response.js';

const users = makeResponse({
  status: 200,
  headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'abc-123', 'set-cookie': ['a=1', 'b=2'] },
  body: {
    users: [
      { id: 1, name: 'Ada', age: 36 },
      { id: 2, name: 'Grace', age: 45 },
    ],
    total: 2,
  },
  durationMs: 120,
});
const failures = (results: ReturnType<typeof assertResponse>) => results.filter((result) => !result.passed);

describe('assertResponse', () => {
  it('checks status codes, status classes and lists of them', () => {
    expect(assertResponse(users, { statusCode: 200, statusIn: [200, 201] }).every((result) => result.passed)).toBe(true);
    expect(assertResponse(users, { statusCode: '2xx' })[0]?.passed).toBe(true);
    expect(assertResponse(makeResponse({ status: 404, statusText: 'Not Found' }), { statusCode: 200, statusIn: ['2xx', 301] })).toEqual([
      { subject: 'status', passed: false, expected: '200', actual: '404 Not Found' },
      { subject: 'status', passed: false, expected: 'one of 2xx, 301', actual: '404 Not Found' },
    ]);
  });

  it('checks headers by any case of their name, repeated ones by any value, and absent ones', () => {
    const results = assertResponse(users, {
      headers: { 'X-Request-ID': 'abc-123', 'set-cookie': 'b=2', 'x-request-id': { matches: '^abc-\\d+$' } },
      headersNotPresent: ['x-powered-by'],
    });
    expect(failures(results)).toEqual([]);
    expect(results).toHaveLength(4);
    expect(failures(assertResponse(users, { headers: { 'x-request-id': 'zzz', etag: 'W/"1"' }, headersNotPresent: ['X-Request-Id'] }))).toEqual([
      { subject: 'header x-request-id', passed: false, expected: '"zzz"', actual: '"abc-123"' },
      { subject: 'header etag', passed: false, expected: '"W/\\"1\\""', actual: 'absent' },
      { subject: 'header X-Request-Id', passed: false, expected: 'absent', actual: 'present: abc-123' },
    ]);
  });

  it('checks the media type without its parameters unless they are given', () => {
    expect(assertResponse(users, { contentType: 'application/json' })[0]?.passed).toBe(true);
    expect(assertResponse(users, { contentType: 'Application/JSON; charset=utf-8' })[0]?.passed).toBe(true);
    expect(assertResponse(users, { contentType: 'text/html' })).toEqual([
      { subject: 'content-type', passed: false, expected: 'text/html', actual: 'application/json; charset=utf-8' },
    ]);
    expect(assertResponse(makeResponse(), { contentType: 'text/plain' })[0]?.actual).toBe('absent');
  });

  it('checks the response time', () => {
    expect(assertResponse(users, { responseTimeMaxMs: 120 })[0]?.passed).toBe(true);
    expect(assertResponse(users, { responseTimeMaxMs: 100 })).toEqual([{ subject: 'response time', passed: false, expected: '≤ 100 ms', actual: '120 ms' }]);
  });

  it('checks text in the body, present or not, and a regular expression', () => {
    const page = makeResponse({ body: '<h1>Welcome, Ada</h1>', headers: { 'content-type': 'text/html' } });
    expect(failures(assertResponse(page, { bodyContains: ['Welcome', 'Ada'], bodyNotContains: ['Error'], bodyMatchesRegex: '/welcome, \\w+/i' }))).toEqual([]);
    expect(failures(assertResponse(page, { bodyContains: ['Grace'], bodyNotContains: ['Ada'], bodyMatchesRegex: '^Error' }))).toEqual([
      { subject: 'body', passed: false, expected: 'contains "Grace"', actual: 'not found in the body (21 chars): "<h1>Welcome, Ada</h1>"' },
      { subject: 'body', passed: false, expected: 'does not contain "Ada"', actual: 'found at character 13' },
      { subject: 'body', passed: false, expected: 'matches ^Error', actual: 'no match in the body (21 chars): "<h1>Welcome, Ada</h1>"' },
    ]);
  });

  it('compares the whole body as JSON (any key order, exact numbers) or as text', () => {
    const big = makeJsonText('{"id": 12345678901234567890, "tags": ["a"]}');
    expect(assertResponse(big, { bodyEquals: { tags: ['a'], id: '12345678901234567890' } })[0]?.passed).toBe(false);
    expect(assertResponse(big, { bodyEquals: '{"tags":["a"],"id":12345678901234567890}' })[0]?.passed).toBe(true);
    expect(assertResponse(makeResponse({ body: 'OK' }), { bodyEquals: 'OK' })[0]?.passed).toBe(true);
    expect(assertResponse(users, { bodyEquals: { users: [], total: 2, page: 1 } })).toEqual([
      {
        subject: 'body',
        passed: false,
        expected: 'equals {"users":[],"total":2,"page":1}',
        actual:
          'differs: $.users[0]: added {"id":1,"name":"Ada","age":36}; $.users[1]: added {"id":2,"name":"Grace","age":45}; $.page: removed (was 1) (expected → actual)',
      },
    ]);
    expect(assertResponse(makeResponse({ body: 'OK' }), { bodyEquals: { ok: true } })[0]?.actual).toMatch(/^the body is not JSON: /);
  });

  it('checks JSONPaths: single values, lists from filters and wildcards, and paths that are missing', () => {
    const results = assertResponse(users, {
      jsonPath: {
        '$.total': 2,
        '$.users[0].name': { equals: 'Ada', type: 'string', matches: '^A' },
        '$.users[?(@.age > 40)].name': { equals: ['Grace'], length: 1 },
        '$.users[*].id': { contains: 2 },
        '$.users[?(@.age > 99)]': { exists: false, length: 0 },
        'users[1].age': { gte: 45, lt: 46 },
        '$.missing': { exists: false },
      },
    });
    expect(failures(results)).toEqual([]);
    expect(results).toHaveLength(12);
    expect(
      failures(
        assertResponse(users, { jsonPath: { '$.total': '2', '$.users[0].nickname': { exists: true }, '$.users[5].id': 1, '$..age': { contains: 50 } } }),
      ),
    ).toEqual([
      { subject: '$.total', passed: false, expected: '"2"', actual: '2' },
      { subject: '$.users[0].nickname', passed: false, expected: 'present', actual: 'absent' },
      { subject: '$.users[5].id', passed: false, expected: '1', actual: 'not found' },
      { subject: '$..age', passed: false, expected: 'contains 50', actual: '[36,45]' },
    ]);
  });

  it('fails every JSONPath check of a body that is not JSON, saying what it is', () => {
    const html = makeResponse({ body: '<html>', headers: { 'content-type': 'text/html' } });
    expect(assertResponse(html, { jsonPath: { '$.id': { exists: true, type: 'integer' } } })).toEqual([
      { subject: '$.id', passed: false, expected: 'present', actual: expect.stringMatching(/^the body is not JSON \(content-type text\/html\): /) },
      { subject: '$.id', passed: false, expected: 'type integer', actual: expect.stringMatching(/^the body is not JSON/) },
    ]);
  });

  it('refuses malformed expectations before checking anything', () => {
    expect(findExpectationProblems({ statusCode: '2xxx', jsonPath: { '$.items[': 1, '$.a': { type: 'float' } }, bodyMatchesRegex: '(' })).toEqual([
      'status "2xxx": give a number or a class such as "2xx"',
      expect.stringMatching(/^body_matches_regex: invalid regular expression/),
      expect.stringMatching(/^\$\.items\[: invalid JSONPath "\$\.items\[": no closing/),
      '$.a: "type" takes one of string, number, integer, boolean, array, object, null',
    ]);
    expect(() => assertResponse(users, { jsonPath: { '$]': 1 } })).toThrow(AssertionSpecError);
  });
});
