import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import type { z } from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requestTool } from '../../../../src/capabilities/requests/tools/request.js';
import { toolResult } from '../../../../src/kit/tool/tool-result.js';
import { ToolError, type ToolContext } from '../../../../src/kit/tool/tool.js';
import { type TestApi, startTestApi } from '../../../apis/test-api-server.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let api: TestApi;
let project: TempProject;
let ctx: ToolContext;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(async () => {
  project = await createTempProject();
  await project.write('.falcon/environments/dev.yaml', `BASE_URL: ${api.url}\nUSER_ID: 7\n`);
  ctx = toolContext(project.root);
  await ctx.variables.useEnvironment('dev');
});
afterEach(() => project.remove());

// What the model may write: `get` as well as `GET`.
type Args = z.input<typeof requestTool.schema>;
const run = (args: Args) => requestTool.run(requestTool.schema.parse(args), ctx).then(toolResult);
const call = async (args: Args) => (await run(args)).text;
const requestsDir = () => path.join(project.root, '.falcon', 'requests');
const savedFiles = () => readdir(requestsDir()).catch(() => [] as string[]);
const savedYaml = async (name: string) => parse(await readFile(path.join(requestsDir(), `${name}.yaml`), 'utf8')) as Record<string, unknown>;

describe('request save, list, load, delete', () => {
  it('saves the request as YAML with its placeholders and assertions, and lists, loads and deletes it', async () => {
    const saved = await call({
      action: 'save',
      name: 'get-user',
      method: 'get',
      url: '{{BASE_URL}}/users/{{USER_ID}}',
      headers: { Accept: 'application/json' },
      assertions: { status_code: 200, json_path: { '$.name': 'Ada Lovelace' } },
    });
    expect(saved).toBe('Saved request "get-user": GET {{BASE_URL}}/users/{{USER_ID}}, 2 assertions → .falcon/requests/get-user.yaml');
    expect(await savedYaml('get-user')).toEqual({
      name: 'get-user',
      method: 'GET',
      url: '{{BASE_URL}}/users/{{USER_ID}}',
      headers: { Accept: 'application/json' },
      assertions: { status_code: 200, json_path: { '$.name': 'Ada Lovelace' } },
    });
    expect(await savedFiles()).toEqual(['get-user.yaml']); // no temporary file left behind

    await call({ action: 'save', name: 'create-user', method: 'POST', url: '{{BASE_URL}}/users', body: { name: 'Ada' } });
    expect(await call({ action: 'list' })).toBe(
      '2 saved requests:\n- create-user: POST {{BASE_URL}}/users\n- get-user: GET {{BASE_URL}}/users/{{USER_ID}} (2 assertions)',
    );
    const loaded = await call({ action: 'load', name: 'get-user' });
    expect(loaded).toContain('url: "{{BASE_URL}}/users/{{USER_ID}}"');
    expect(loaded).toContain('$.name: Ada Lovelace');

    expect(await call({ action: 'save', name: 'get-user', url: '{{BASE_URL}}/users/1' })).toMatch(/^Replaced request "get-user": GET/);
    expect(await call({ action: 'delete', name: 'get-user' })).toBe('Deleted request "get-user" (.falcon/requests/get-user.yaml).');
    expect(await savedFiles()).toEqual(['create-user.yaml']);
  });

  it('says when a saved request cannot run yet because a variable is not set', async () => {
    const output = await call({ action: 'save', name: 'orders', url: '{{BASE_URL}}/orders/{{ORDER_ID}}' });
    expect(output).toContain('Note: it cannot run yet: unknown variable {{ORDER_ID}}');
  });

  it('lists nothing yet, and names the saved requests when one is unknown', async () => {
    expect(await call({ action: 'list' })).toMatch(/^No saved requests/);
    await call({ action: 'save', name: 'health', url: '{{BASE_URL}}/health' });
    await expect(call({ action: 'load', name: 'nope' })).rejects.toThrow(/No saved request "nope".*Saved requests: health\./);
    await expect(call({ action: 'run', name: 'nope' })).rejects.toThrow(ToolError);
    await expect(call({ action: 'delete', name: 'nope' })).rejects.toThrow(/Saved requests: health/);
  });
});

describe('request save refuses clear-text secrets and says which {{VAR}} to use', () => {
  const refusals: Array<[string, Args, RegExp]> = [
    [
      'a bearer token in Authorization',
      { action: 'save', name: 'me', url: '{{BASE_URL}}/me', headers: { Authorization: 'Bearer abc123def456' } },
      /- header Authorization: use "Authorization": "Bearer \{\{API_TOKEN\}\}" and put API_TOKEN in \.falcon\/environments\/dev\.yaml or use \{\{env:API_TOKEN\}\}\n/,
    ],
    [
      'an API key header',
      { action: 'save', name: 'me', url: '{{BASE_URL}}/me', headers: { 'X-API-Key': 'k-1234567' } },
      /header X-API-Key: use "X-API-Key": "\{\{API_KEY\}\}"/,
    ],
    [
      'a password in the body',
      { action: 'save', name: 'login', method: 'POST', url: '{{BASE_URL}}/login', body: { user: { email: 'a@b.c', password: 'hunter22' } } },
      /body field user\.password: use "password": "\{\{PASSWORD\}\}"/,
    ],
    [
      'a key in the URL query',
      { action: 'save', name: 'maps', url: 'https://maps.example.com/geo?q=x&api_key=AIzaLiteral' },
      /URL query api_key: use api_key=\{\{API_KEY\}\}/,
    ],
    [
      'a key in the query map',
      { action: 'save', name: 'maps', url: '{{BASE_URL}}/geo', query: { q: 'x', key: 'k-98765432' } },
      /- query key: use key=\{\{API_KEY\}\}/,
    ],
    [
      'a token in a form body',
      { action: 'save', name: 'form', method: 'POST', url: '{{BASE_URL}}/t', body: 'grant_type=client_credentials&client_secret=s3cr3t' },
      /form field client_secret: use client_secret=\{\{CLIENT_SECRET\}\}/,
    ],
  ];

  it.each(refusals)('refuses %s and writes nothing', async (_label, args, message) => {
    const error = await call(args).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as Error).message).toMatch(/^Not saved: saved requests never keep secrets in clear\./);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toMatch(/abc123def456|k-1234567|k-98765432|hunter22|AIzaLiteral|s3cr3t/);
    expect(await savedFiles()).toEqual([]);
  });

  it('names the active environment in the advice', async () => {
    await project.write('.falcon/environments/staging.yaml', 'BASE_URL: http://staging\n');
    await ctx.variables.useEnvironment('staging');
    await expect(call(refusals[0]![1])).rejects.toThrow(/\.falcon\/environments\/staging\.yaml/);
  });

  it('accepts the same request with placeholders', async () => {
    const output = await call({
      action: 'save',
      name: 'me',
      url: '{{BASE_URL}}/me?api_key={{env:API_KEY}}',
      headers: { Authorization: 'Bearer {{API_TOKEN}}', Cookie: '{{SESSION_COOKIE}}' },
      body: { password: '{{PASSWORD}}', token_type: 'bearer' },
    });
    expect(output).toMatch(/^Saved request "me"/);
  });
});

describe('request arguments', () => {
  it('refuses unsafe names, missing and unused fields, and unknown checks, writing nothing', async () => {
    await expect(call({ action: 'save', name: '../escape', url: 'http://x' })).rejects.toThrow(/"\.\.\/escape" cannot be a name/);
    await expect(call({ action: 'save', name: 'a/b', url: 'http://x' })).rejects.toThrow(/cannot be a name/);
    await expect(call({ action: 'save', name: 'x.yaml', url: 'http://x' })).rejects.toThrow(/no \.yaml ending/);
    await expect(call({ action: 'save', name: 'x' })).rejects.toThrow('request: save needs url');
    await expect(call({ action: 'load', name: 'x', url: 'http://x' })).rejects.toThrow('request: load does not use url (it takes name)');
    await expect(call({ action: 'list', name: 'x' })).rejects.toThrow(/list does not use name/);
    await expect(call({ action: 'run' })).rejects.toThrow('request: run needs name');
    await expect(call({ action: 'save', name: 'x', url: 'http://x', assertions: { status: 200 } })).rejects.toThrow(
      /assertions: unknown check status \(known: status_code, status_in,.*\)\. Nothing was saved\./,
    );
    await expect(call({ action: 'save', name: 'x', url: 'http://x', assertions: { json_path: { 'no-dollar[': 1 } } })).rejects.toThrow(/Nothing was saved/);
    expect(await savedFiles()).toEqual([]);
  });
});

describe('request run', () => {
  it('sends the saved request with the environment, checks its assertions and keeps the response as "last"', async () => {
    await call({
      action: 'save',
      name: 'get-user',
      url: '{{BASE_URL}}/users/{{USER_ID}}',
      assertions: { status_code: 200, json_path: { '$.id': 7, '$.name': 'Ada Lovelace' }, content_type: 'application/json' },
    });
    const output = await call({ action: 'run', name: 'get-user' });
    expect(output.split('\n')[0]).toBe('PASSED: "get-user" (environment dev) → HTTP 200, 4 of 4 assertions passed');
    expect(output).toContain(`GET ${api.url}/users/7`);
    expect(output).toContain('"name": "Ada Lovelace"');
    expect(output).toContain('✓ $.id: 7');
    expect(api.hits).toContain('GET /users/7');
    expect(ctx.session.responses.get()?.status).toBe(200);
  });

  it("tells the screen the response's status, time, size and media type", async () => {
    await call({ action: 'save', name: 'get-user', url: '{{BASE_URL}}/users/7' });
    expect((await run({ action: 'run', name: 'get-user' })).details).toEqual({
      kind: 'http_response',
      status: 200,
      statusText: 'OK',
      durationMs: expect.any(Number),
      sizeBytes: expect.any(Number),
      contentType: 'application/json',
    });
    expect((await run({ action: 'list' })).details).toBeUndefined();
  });

  it('reports failed assertions with expected and actual values', async () => {
    await call({ action: 'save', name: 'get-user', url: '{{BASE_URL}}/users/1', assertions: { json_path: { '$.name': 'Grace Hopper' } } });
    const output = await call({ action: 'run', name: 'get-user' });
    expect(output.split('\n')[0]).toBe('FAILED: "get-user" (environment dev) → HTTP 200, 1 of 1 assertion failed');
    expect(output).toMatch(/✗ \$\.name: expected "Grace Hopper", actual "Ada Lovelace"/);
  });

  it('fails a non-2xx response even without assertions', async () => {
    await call({ action: 'save', name: 'boom', url: '{{BASE_URL}}/boom' });
    expect((await call({ action: 'run', name: 'boom' })).split('\n')[0]).toBe('FAILED: "boom" (environment dev) → HTTP 500, no assertions saved');
  });

  it('names unknown variables and unreachable servers', async () => {
    await call({ action: 'save', name: 'order', url: '{{BASE_URL}}/orders/{{ORDER_ID}}' });
    await expect(call({ action: 'run', name: 'order' })).rejects.toThrow(/unknown variable \{\{ORDER_ID\}\}/);
    await call({ action: 'save', name: 'down', url: 'http://127.0.0.1:9/x' });
    await expect(call({ action: 'run', name: 'down' })).rejects.toThrow(ToolError);
  });

  it('masks secrets in what it shows', async () => {
    ctx.variables.session.set('API_TOKEN', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJl');
    await call({ action: 'save', name: 'me', url: '{{BASE_URL}}/users/7?access_token={{API_TOKEN}}', headers: { Authorization: 'Bearer {{API_TOKEN}}' } });
    const output = await call({ action: 'run', name: 'me' });
    expect(output).not.toContain('eyJhbGciOiJIUzI1NiJ9');
    expect(output).toContain('[masked]');
  });
});
