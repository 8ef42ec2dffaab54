import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpRequestError, sendRequest } from '../../src/engines/http/send-request.js';
import { type TestServer, startTestServer, unusedPort } from '../apis/http-test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('sendRequest', () => {
  it('returns status, headers, body, size and duration', async () => {
    const response = await sendRequest({ method: 'GET', url: `${server.url}/users/1` });
    expect(response).toMatchObject({
      status: 200,
      statusText: 'OK',
      body: '{"id":1,"name":"Ada"}',
      bodyTruncated: false,
      sizeBytes: 21,
    });
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['set-cookie']).toEqual(['session=s3cr3t; Path=/; HttpOnly', 'theme=dark']);
    expect(response.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('sends an object as JSON, and a string as it is', async () => {
    const asJson = await sendRequest({ method: 'POST', url: `${server.url}/echo`, body: { name: 'Ada', tags: ['x'] } });
    expect(JSON.parse(asJson.body)).toEqual({ method: 'POST', contentType: 'application/json', body: '{"name":"Ada","tags":["x"]}' });
    const asText = await sendRequest({
      method: 'put',
      url: `${server.url}/echo`,
      headers: { 'Content-Type': 'text/csv' },
      body: 'a,b\n1,2',
    });
    expect(JSON.parse(asText.body)).toEqual({ method: 'PUT', contentType: 'text/csv', body: 'a,b\n1,2' });
    const array = await sendRequest({ method: 'PATCH', url: `${server.url}/echo`, headers: { 'content-type': 'application/merge-patch+json' }, body: [1] });
    expect(JSON.parse(array.body)).toMatchObject({ contentType: 'application/merge-patch+json', body: '[1]' });
  });

  it('gives error statuses as answers, and does not follow redirects', async () => {
    expect(await sendRequest({ method: 'GET', url: `${server.url}/nope` })).toMatchObject({ status: 404, statusText: 'Not Found' });
    const redirect = await sendRequest({ method: 'GET', url: `${server.url}/created` });
    expect(redirect).toMatchObject({ status: 302, sizeBytes: 0 });
    expect(redirect.headers.location).toBe('/users/1');
  });

  it('decompresses gzip bodies', async () => {
    expect((await sendRequest({ method: 'GET', url: `${server.url}/gzip` })).body).toBe('{"compressed":true}');
  });

  // /slow never answers: only the timeout, or the abort below, can end these requests.
  it('times out with a plain message', async () => {
    const error = await sendRequest({ method: 'GET', url: `${server.url}/slow`, timeoutMs: 200 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpRequestError);
    expect(error).toMatchObject({ failure: 'timeout', message: `timed out after 200 ms waiting for ${server.url}` });
  });

  it('explains a refused connection and an unknown host', async () => {
    const port = await unusedPort();
    await expect(sendRequest({ method: 'GET', url: `http://127.0.0.1:${port}/x` })).rejects.toMatchObject({
      failure: 'connection_refused',
      message: `could not connect to http://127.0.0.1:${port}: connection refused — is the server running?`,
    });
    await expect(sendRequest({ method: 'GET', url: 'http://falcon-test.invalid/' })).rejects.toMatchObject({ failure: 'dns' });
  });

  it('refuses URLs that are not absolute http(s)', async () => {
    await expect(sendRequest({ method: 'GET', url: '/users/1' })).rejects.toThrow('invalid URL: /users/1');
    await expect(sendRequest({ method: 'GET', url: 'file:///etc/passwd' })).rejects.toThrow('only http and https URLs are supported: file:///etc/passwd');
  });

  it('stops when the caller aborts, with the abort rather than a timeout', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await sendRequest({ method: 'GET', url: `${server.url}/slow`, signal: controller.signal }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(HttpRequestError);
    expect((error as Error).name).toBe('AbortError');
  });
});
