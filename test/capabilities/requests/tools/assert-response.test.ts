import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertResponseTool } from '../../../../src/capabilities/requests/tools/assert-response.js';
import { httpRequestTool } from '../../../../src/capabilities/requests/tools/http-request.js';
import { ToolError } from '../../../../src/kit/tool/tool.js';
import { validateToolArgs } from '../../../../src/kit/tool/validate-args.js';
import { makeJsonText, makeResponse } from '../../../engines/assertions/make-response.js';
import { type AssertionApiServer, startAssertionApiServer } from '../../../apis/assertion-api-server.js';
import { toolContext } from '../../../tools/temp-project.js';

let api: AssertionApiServer;
beforeAll(async () => {
  api = await startAssertionApiServer();
});
afterAll(async () => {
  await api.close();
});

type Args = Parameters<typeof assertResponseTool.run>[0];

function contextWith(responses: Record<string, ReturnType<typeof makeResponse>>) {
  const ctx = toolContext(process.cwd());
  for (const [name, response] of Object.entries(responses)) ctx.session.responses.remember(response, name === 'last' ? undefined : name);
  return ctx;
}

describe('assert_response', () => {
  it('checks the response http_request just kept', async () => {
    const ctx = toolContext(process.cwd());
    await httpRequestTool.run({ method: 'GET', url: `${api.url}/items` }, ctx);
    const output = await assertResponseTool.run(
      {
        status_code: 200,
        status_in: ['2xx'],
        content_type: 'application/json',
        headers: { 'Content-Type': { contains: 'json' } },
        headers_not_present: ['x-powered-by'],
        body_contains: 'lamp',
        body_not_contains: ['error'],
        body_matches_regex: '"total":\\s*3',
        json_path: { '$.total': 3, '$..items[?(@.price > 10)].name': { equals: ['book', 'lamp'], length: 2 }, '$.items[0].updatedAt': { type: 'string' } },
        response_time_max_ms: 10_000,
      },
      ctx,
    );
    expect(output).toBe(`✓ 13 assertions passed (response "last": GET ${api.url}/items → 200 OK)`);
  });

  it('lists every failure with what was expected and what was there', async () => {
    const ctx = contextWith({
      last: makeJsonText('{"user": {"id": 12345678901234567890, "age": 17, "roles": ["user"]}}', { status: 201, statusText: 'Created', durationMs: 900 }),
    });
    const args: Args = {
      status_code: 200,
      json_path: {
        '$.user.id': '12345678901234567890',
        '$.user.age': { gte: 18, type: 'integer' },
        '$.user.roles': { contains: 'admin' },
        '$.user.email': { exists: true },
      },
      response_time_max_ms: 500,
    };
    expect(await assertResponseTool.run(args, ctx)).toBe(
      [
        '✗ 5 of 7 assertions failed (response "last": GET http://127.0.0.1:9/things → 201 Created)',
        '- status: expected 200, actual 201 Created',
        '- response time: expected ≤ 500 ms, actual 900 ms',
        '- $.user.age: expected ≥ 18, actual 17',
        '- $.user.roles: expected contains "admin", actual ["user"]',
        '- $.user.email: expected present, actual absent',
      ].join('\n'),
    );
  });

  it('checks a named response, and says which names exist when one is not there', async () => {
    const ctx = contextWith({ login: makeResponse({ status: 200 }), last: makeResponse({ status: 500, statusText: 'Internal Server Error' }) });
    expect(await assertResponseTool.run({ response: 'login', status_code: 200 }, ctx)).toMatch(/^✓ 1 assertion passed \(response "login": /);
    await expect(assertResponseTool.run({ response: 'signup', status_code: 200 }, ctx)).rejects.toThrow(
      new ToolError('No response named "signup" in this session (there are: "last", "login").'),
    );
    await expect(assertResponseTool.run({ status_code: 200 }, toolContext(process.cwd()))).rejects.toThrow(
      new ToolError('No response in this session yet: send one with http_request first.'),
    );
  });

  it('refuses malformed assertions and an empty call without checking anything', async () => {
    const ctx = contextWith({ last: makeResponse({ body: { items: [] } }) });
    await expect(assertResponseTool.run({ status_code: 200, json_path: { '$.items[': 1 } }, ctx)).rejects.toThrow(
      /^Nothing was checked: \$\.items\[: invalid JSONPath "\$\.items\[": no closing "\]"/,
    );
    await expect(assertResponseTool.run({ json_path: { '$.items': { length: 'two' } } }, ctx)).rejects.toThrow(
      /^Nothing was checked: \$\.items: "length" takes a whole number/,
    );
    await expect(assertResponseTool.run({ json_path: { '$.items[?(@.x >)]': { exists: true } } }, ctx)).rejects.toThrow(
      /^Nothing was checked: \$\.items\[\?\(@\.x >\)\]: invalid JSONPath .*the expression "@\.x >" cannot be read: Expected expression/,
    );
    await expect(assertResponseTool.run({}, ctx)).rejects.toThrow(/^No assertion given/);
  });

  it('masks secrets that a failure would show', async () => {
    const ctx = contextWith({ last: makeResponse({ body: { access_token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJl' } }) });
    const output = await assertResponseTool.run({ body_contains: 'refresh_token', json_path: { '$.access_token': 'x' } }, ctx);
    expect(output).toMatch(/^✗ 2 of 2 assertions failed/);
    expect(output).not.toContain('eyJzdWIiOiJhZGEifQ');
    expect(output).toContain('[masked]');
  });

  it('validates its arguments: statuses, types and unknown keys', () => {
    expect(validateToolArgs(assertResponseTool, { status_code: '2xx', status_in: [200, '3xx'], json_path: { '$.a': { gt: 1 } } }).ok).toBe(true);
    const result = validateToolArgs(assertResponseTool, { status_code: 'ok', body_contains: 3, status: 200 });
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.problems).toMatch(/unknown key "status"/);
  });
});
