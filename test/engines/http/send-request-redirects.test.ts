import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CookieJar } from '../../../src/engines/http/cookie-jar.js';
import { HttpRequestError, sendRequest } from '../../../src/engines/http/send-request.js';
import { type HttpApiServer, startHttpApiServer } from '../../apis/http-api-server.js';

let api: HttpApiServer;
let other: HttpApiServer;
beforeAll(async () => {
  [api, other] = await Promise.all([startHttpApiServer(), startHttpApiServer()]);
});
afterAll(async () => {
  await Promise.all([api.close(), other.close()]);
});

const echoed = (body: string) => JSON.parse(body) as { method: string; contentType: string | null; cookie: string | null; body: string };

describe('sendRequest redirects', () => {
  it('answers with the 3xx itself unless asked to follow', async () => {
    const response = await sendRequest({ method: 'GET', url: `${api.url}/hop/301` });
    expect(response).toMatchObject({ status: 301, redirects: [] });
    expect(response.headers.location).toBe('/hop/302');
  });

  it('follows a 301 → 302 → 303 → 307 chain, POST turning into GET, and lists every hop', async () => {
    const response = await sendRequest({ method: 'POST', url: `${api.url}/hop/301`, body: { a: 1 }, followRedirects: true });
    expect(response.status).toBe(200);
    expect(response.redirects.map((hop) => `${hop.status} ${hop.method} ${hop.url} → ${hop.location}`)).toEqual([
      `301 POST ${api.url}/hop/301 → ${api.url}/hop/302`,
      `302 GET ${api.url}/hop/302 → ${api.url}/hop/303`,
      `303 GET ${api.url}/hop/303 → ${api.url}/hop/307`,
      `307 GET ${api.url}/hop/307 → ${api.url}/echo`,
    ]);
    expect(echoed(response.body)).toMatchObject({ method: 'GET', contentType: null, body: '' });
    expect(response.request).toMatchObject({ method: 'GET', url: `${api.url}/echo` });
    expect(response.redirects.every((hop) => hop.durationMs >= 0)).toBe(true);
  });

  it('repeats method and body on 307 and 308, turns 303 into GET, and keeps PUT on 302', async () => {
    const follow = (method: string, status: number) =>
      sendRequest({ method, url: `${api.url}/redirect?status=${status}&to=/echo`, body: { n: 1 }, followRedirects: true }).then((r) => echoed(r.body));
    expect(await follow('POST', 307)).toMatchObject({ method: 'POST', contentType: 'application/json', body: '{"n":1}' });
    expect(await follow('PATCH', 308)).toMatchObject({ method: 'PATCH', body: '{"n":1}' });
    expect(await follow('PUT', 303)).toMatchObject({ method: 'GET', contentType: null, body: '' });
    expect(await follow('PUT', 302)).toMatchObject({ method: 'PUT', body: '{"n":1}' });
  });

  it('does not send the body on to another origin on a 307 or 308', async () => {
    const before = other.received.length;
    const to = encodeURIComponent(`${other.url}/echo`);
    const error = await sendRequest({
      method: 'POST',
      url: `${api.url}/redirect?status=307&to=${to}`,
      body: { token: 'meant-for-this-api' },
      followRedirects: true,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpRequestError);
    expect((error as Error).message).toBe(
      `${api.url} answered 307, sending the request body on to ${other.url}: not followed. Send the request to that URL itself if it is meant to go there.`,
    );
    expect(other.received).toHaveLength(before);
    // Without a body (a GET, or a POST a 303 turns into one) the redirect is followed.
    const followed = await sendRequest({ method: 'POST', url: `${api.url}/redirect?status=303&to=${to}`, body: { a: 1 }, followRedirects: true });
    expect(echoed(followed.body)).toMatchObject({ method: 'GET', body: '' });
  });

  it('stops a loop after 10 redirects and shows the chain', async () => {
    const error = await sendRequest({ method: 'GET', url: `${api.url}/loop/a`, followRedirects: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpRequestError);
    expect(error).toMatchObject({ failure: 'redirects' });
    const lines = (error as Error).message.split('\n');
    expect(lines[0]).toBe(`stopped after 10 redirects (a loop: ${api.url}/loop/a comes back):`);
    expect(lines.slice(1, 3)).toEqual([`  302 GET ${api.url}/loop/a → ${api.url}/loop/b`, `  302 GET ${api.url}/loop/b → ${api.url}/loop/a`]);
    expect(lines).toHaveLength(12);
  });

  it('keeps credentials on the same origin and drops them on another', async () => {
    const headers = { authorization: 'Bearer secret-token', cookie: 'mine=1' };
    await sendRequest({ method: 'GET', url: `${api.url}/redirect?status=302&to=/echo`, headers, followRedirects: true });
    expect(api.received.at(-1)?.headers).toMatchObject(headers);
    await sendRequest({ method: 'GET', url: `${api.url}/redirect?status=302&to=${other.url}/echo`, headers, followRedirects: true });
    const arrived = other.received.at(-1);
    expect(arrived?.url).toBe('/echo');
    expect(arrived?.headers.authorization).toBeUndefined();
    expect(arrived?.headers.cookie).toBeUndefined();
  });

  it('carries cookies set by a redirect to the next hop, and into the jar it is given', async () => {
    const once = await sendRequest({ method: 'GET', url: `${api.url}/login-then-go`, followRedirects: true });
    expect(once.status).toBe(200);
    expect(once.request.headers.cookie).toBe('session=fromredirect');
    const jar = new CookieJar();
    await sendRequest({ method: 'GET', url: `${api.url}/login-then-go`, followRedirects: true, cookies: jar });
    const later = await sendRequest({ method: 'GET', url: `${api.url}/account/me`, cookies: jar });
    expect(later.status).toBe(200);
  });

  it('refuses a redirect to a scheme other than http(s)', async () => {
    await expect(
      sendRequest({ method: 'GET', url: `${api.url}/redirect?status=302&to=${encodeURIComponent('file:///etc/passwd')}`, followRedirects: true }),
    ).rejects.toThrow(`${api.url} redirected to file:///etc/passwd, which is not http or https`);
  });

  it('asks before each hop with the request it would send, and stops where the answer is a reason', async () => {
    const asked: string[] = [];
    const to = encodeURIComponent(`${other.url}/echo`);
    const before = other.received.length;
    const response = await sendRequest({
      method: 'GET',
      url: `${api.url}/hop/302`,
      followRedirects: true,
      beforeRedirect: async (step) => {
        asked.push(`${step.status} ${step.from.href} → ${step.request.method} ${step.request.url.href}`);
        return undefined;
      },
    });
    expect(response.status).toBe(200);
    expect(asked).toEqual([
      `302 ${api.url}/hop/302 → GET ${api.url}/hop/303`,
      `303 ${api.url}/hop/303 → GET ${api.url}/hop/307`,
      `307 ${api.url}/hop/307 → GET ${api.url}/echo`,
    ]);

    const stopped = await sendRequest({
      method: 'GET',
      url: `${api.url}/redirect?status=302&to=${to}`,
      followRedirects: true,
      beforeRedirect: async (step) => (step.request.url.origin === step.from.origin ? undefined : 'another origin'),
    });
    expect(stopped).toMatchObject({ status: 302, redirects: [], redirectStopped: 'another origin' });
    expect(other.received).toHaveLength(before);
  });

  it('does not count the time an answer takes against the timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const response = await sendRequest({
        method: 'GET',
        url: `${api.url}/redirect?status=302&to=/echo`,
        followRedirects: true,
        timeoutMs: 1_000,
        beforeRedirect: async () => {
          await vi.advanceTimersByTimeAsync(60_000);
          return undefined;
        },
      });
      expect(response.status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});
