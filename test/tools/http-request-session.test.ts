import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRequestTool } from '../../src/capabilities/requests/tools/http-request.js';
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
const TIMING =
  /^timing: dns (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?) · connect (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?) · tls (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?) · first byte (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)$/m;

describe('http_request in a session', () => {
  it('keeps cookies between calls, sends them back masked in the observation, and forgets them on logout', async () => {
    const ctx = toolContext(project.root);
    const send = async (args: Args) => (await httpRequestTool.run(args, ctx)).text;
    const anonymous = await send({ method: 'GET', url: `${api.url}/account/me` });
    expect(anonymous).toMatch(/^HTTP 401 Unauthorized · /);
    expect(anonymous).toContain(
      'meaning: missing, invalid or expired credentials — send an Authorization header or fetch a fresh token (try the auth tool); the server asks for: Cookie realm="app"',
    );

    const login = await send({ method: 'POST', url: `${api.url}/login`, form: { user: 'ada', password: 'hunter2' } });
    expect(login).toContain('set-cookie: session=***; Path=/; HttpOnly');
    expect(login).toContain('set-cookie: scoped=***; Path=/account');
    expect(login).not.toContain('abc123secret');

    const me = await send({ method: 'GET', url: `${api.url}/account/me` });
    expect(me).toMatch(/^HTTP 200 OK · /);
    expect(me).toContain('cookies sent: scoped, session');
    expect(api.received.at(-1)?.headers.cookie).toBe('scoped=yes; session=abc123secret');
    expect(me).not.toContain('abc123secret'); // the echoed Cookie header in the body is masked too

    await send({ method: 'GET', url: `${api.url}/logout` });
    expect(await send({ method: 'GET', url: `${api.url}/account/me` })).toMatch(/^HTTP 401 /);
    expect((await ctx.session.cookies.cookies()).map((cookie) => cookie.name)).toEqual(['scoped']);
  });

  it('keeps each session’s cookies to itself', async () => {
    const first = toolContext(project.root);
    await httpRequestTool.run({ method: 'POST', url: `${api.url}/login` }, first);
    const { text: other } = await httpRequestTool.run({ method: 'GET', url: `${api.url}/account/me` }, toolContext(project.root));
    expect(other).toMatch(/^HTTP 401 /);
  });

  it('keeps the response as "last" and under save_as, with the request masked and the response whole', async () => {
    const ctx = toolContext(project.root);
    const { text: output } = await httpRequestTool.run(
      {
        method: 'POST',
        url: `${api.url}/login`,
        headers: { Authorization: 'Bearer abcdefgh12345678', 'X-Trace': 't-1' },
        body: { user: 'ada', password: 'hunter2' },
        save_as: 'login',
      },
      ctx,
    );
    expect(output).toContain('saved as "login" (and as "last")');
    expect(output).toContain('"token": "[masked]"');
    expect(output).not.toContain('tok_live_4f9a8b7c6d5e');
    const saved = ctx.session.responses.get('login');
    expect(saved).toBe(ctx.session.responses.get());
    expect(saved).toMatchObject({ status: 200, statusText: 'OK', request: { method: 'POST', url: `${api.url}/login` } });
    expect(saved?.request.headers).toMatchObject({ authorization: 'Bearer [masked]', 'x-trace': 't-1', 'content-type': 'application/json' });
    expect(saved?.request.body).toBe('{"user":"ada","password":"[masked]"}');
    expect(JSON.parse(saved?.body ?? '')).toEqual({ ok: true, token: 'tok_live_4f9a8b7c6d5e' });
    expect(saved?.headers['set-cookie']).toEqual(['session=abc123secret; Path=/; HttpOnly', 'scoped=yes; Path=/account']);

    await httpRequestTool.run({ method: 'GET', url: `${api.url}/text` }, ctx);
    expect(ctx.session.responses.get()?.body).toBe('plain words');
    expect(ctx.session.responses.get('login')?.status).toBe(200);
    expect(ctx.session.responses.get()?.request.headers.cookie).toBe('session=***');
  });

  it('shows the timing split on every response', async () => {
    const { text: output } = await httpRequestTool.run({ method: 'GET', url: `${api.url}/slow?ms=120` }, toolContext(project.root));
    expect(output).toMatch(TIMING);
    const firstByte = Number(/first byte (\d+) ms/.exec(output)?.[1]);
    expect(firstByte).toBeGreaterThanOrEqual(110);
  });
});
