import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRequestTool } from '../../src/capabilities/requests/tools/http-request.js';
import { ToolError } from '../../src/kit/tool/tool.js';
import { type HttpApiServer, startHttpApiServer } from '../apis/http-api-server.js';
import { type TempProject, createTempProject, toolContext } from './temp-project.js';

let api: HttpApiServer;
let project: TempProject;
beforeAll(async () => {
  [api, project] = await Promise.all([startHttpApiServer(), createTempProject()]);
});
afterAll(async () => {
  await Promise.all([api.close(), project.remove()]);
});

type Args = Parameters<typeof httpRequestTool.run>[0];
const send = (args: Args, variables: Record<string, string> = {}) => {
  const ctx = toolContext(project.root);
  for (const [name, value] of Object.entries(variables)) ctx.variables.session.set(name, value);
  return httpRequestTool.run(args, ctx).then((result) => result.text);
};
const lastReceived = () => api.received.at(-1);

describe('http_request arguments', () => {
  it('adds query parameters to the URL, resolving {{VAR}} and repeating keys for arrays', async () => {
    await send({ method: 'GET', url: '{{BASE}}/echo?fixed=1', query: { q: 'a b', tag: ['x', '{{TAG}}'], page: 2, all: true } }, { BASE: api.url, TAG: 'y&z' });
    expect(lastReceived()?.url).toBe('/echo?fixed=1&q=a%20b&tag=x&tag=y%26z&page=2&all=true');
  });

  it('sends form fields url-encoded, with {{VAR}} resolved', async () => {
    await send({ method: 'POST', url: `${api.url}/echo`, form: { user: '{{USER}}', scope: ['read', 'write'] } }, { USER: 'ada l.' });
    expect(lastReceived()).toMatchObject({ body: 'user=ada+l.&scope=read&scope=write', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  });

  it('JSON-escapes {{VAR}} values inside a JSON string body, and keeps object bodies’ values as plain strings', async () => {
    const name = 'Ada "Countess"\nof Lovelace';
    await send(
      { method: 'POST', url: `${api.url}/echo`, headers: { 'content-type': 'application/json' }, body: '{"name": "{{NAME}}", "age": {{AGE}}}' },
      { NAME: name, AGE: '36' },
    );
    expect(JSON.parse(lastReceived()?.body ?? '')).toEqual({ name, age: 36 });
    await send({ method: 'POST', url: `${api.url}/echo`, body: { name: '{{NAME}}', age: '{{AGE}}' } }, { NAME: name, AGE: '36' });
    expect(JSON.parse(lastReceived()?.body ?? '')).toEqual({ name, age: '36' });
  });

  it('refuses body and form together, and names every unknown variable, sending nothing', async () => {
    const before = api.received.length;
    await expect(send({ method: 'POST', url: `${api.url}/echo`, body: 'a=1', form: { a: 1 } })).rejects.toThrow(
      new ToolError(
        'give one of body, form and multipart: body is sent as it is (objects as JSON), form as application/x-www-form-urlencoded, multipart as multipart/form-data',
      ),
    );
    await expect(send({ method: 'GET', url: '{{BASE_URL}}/users', headers: { authorization: 'Bearer {{TOKEN}}' }, query: { q: '{{Q}}' } })).rejects.toThrow(
      new ToolError('unknown variables {{BASE_URL}}, {{TOKEN}}, {{Q}}: not set in the session or .falcon/variables.json (no environment is active)'),
    );
    expect(api.received.length).toBe(before);
  });

  it('follows redirects when asked, listing the chain', async () => {
    const output = await send({ method: 'POST', url: `${api.url}/hop/301`, body: { a: 1 }, follow_redirects: true });
    expect(output.split('\n').slice(0, 7)).toEqual([
      expect.stringMatching(/^HTTP 200 OK · (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?) · \d+ B$/),
      expect.stringMatching(/^timing: /),
      'followed 4 redirects:',
      `  301 POST ${api.url}/hop/301 → ${api.url}/hop/302`,
      `  302 GET ${api.url}/hop/302 → ${api.url}/hop/303`,
      `  303 GET ${api.url}/hop/303 → ${api.url}/hop/307`,
      `  307 GET ${api.url}/hop/307 → ${api.url}/echo`,
    ]);
  });

  it('stops a redirect loop with the chain in the message, masking secrets in its URLs', async () => {
    const error = await send({ method: 'GET', url: `${api.url}/loop/a`, follow_redirects: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as Error).message).toMatch(/^stopped after 10 redirects \(a loop: .*\/loop\/a comes back\):\n {2}302 GET /);
    const masked = await send({ method: 'GET', url: `${api.url}/signed-redirect`, follow_redirects: true });
    expect(masked).toContain(`→ ${api.url}/echo?api_key=[masked]`);
    expect(masked).not.toContain('k-123456');
  });

  it('times out with a plain message', async () => {
    await expect(send({ method: 'GET', url: `${api.url}/hang`, timeout_ms: 100 })).rejects.toThrow(
      new ToolError(`timed out after 100 ms waiting for ${api.url}`),
    );
  });
});

describe('http_request status meanings', () => {
  const meaningOf = async (args: Args) => (await send(args)).split('\n').find((line) => line.startsWith('meaning: '));

  it.each([
    ['/status/400', "the server rejected the request as malformed — check the body against the endpoint's schema"],
    ['/status/403', 'authenticated but not allowed'],
    ['/status/404', 'nothing at this URL — check the path, its parameters (does that id exist?) and the base URL'],
    ['/status/405?allow=GET,%20HEAD', 'POST is not allowed on this path — it allows: GET, HEAD (Allow header)'],
    ['/status/405', 'POST is not allowed on this path — the response has no Allow header; try OPTIONS'],
    ['/status/409', 'conflicts with the current state'],
    ['/status/415', "the server does not accept this body's content-type (sent: text/plain)"],
    ['/status/422', 'failed validation'],
    ['/status/429?retry-after=7', 'rate limited — wait 7 s (Retry-After) before retrying'],
    ['/status/500', "read the server logs, or find this route's handler in the code"],
    ['/status/502', 'a gateway or proxy got a bad answer'],
    ['/status/503?retry-after=30', 'unavailable (down, starting or overloaded) — wait 30 s (Retry-After)'],
    ['/status/504', 'a gateway timed out'],
    ['/status/418', 'the server refused the request — the body usually says why'],
    ['/status/201?location=/users/9', 'created; the new resource is at /users/9'],
  ])('explains %s', async (path, meaning) => {
    expect(await meaningOf({ method: 'POST', url: `${api.url}${path}`, headers: { 'content-type': 'text/plain' }, body: 'x' })).toContain(meaning);
  });

  it('adds nothing to a plain 200', async () => {
    expect(await meaningOf({ method: 'GET', url: `${api.url}/text` })).toBeUndefined();
  });
});
