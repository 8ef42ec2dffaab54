import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRequestTool } from '../../../../src/capabilities/requests/tools/http-request.js';
import { ToolError } from '../../../../src/kit/tool/tool.js';
import { type TestServer, startTestServer, unusedPort } from '../../../apis/http-test-server.js';
import { toolContext } from '../../../tools/temp-project.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Args = Parameters<typeof httpRequestTool.run>[0];
const send = async (args: Args, signal?: AbortSignal) => (await httpRequestTool.run(args, toolContext(process.cwd(), signal))).text;
const firstLine = (text: string) => text.split('\n')[0];
const TIMING =
  /^timing: dns (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?) · connect (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?) · tls (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?) · first byte (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)$/;

describe('http_request', () => {
  it('leads with status, time and size, then the timing split, notable headers with cookies masked, then pretty JSON', async () => {
    const output = await send({ method: 'GET', url: `${server.url}/users/1` });
    expect(firstLine(output)).toMatch(/^HTTP 200 OK · (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?) · 21 B$/);
    expect(output.split('\n').slice(1)).toEqual([
      expect.stringMatching(TIMING),
      'content-type: application/json',
      'set-cookie: session=***; Path=/; HttpOnly',
      'set-cookie: theme=***',
      expect.stringMatching(/^\(\d+ more headers\)$/), // x-powered-by, date, connection, …
      '',
      '{',
      '  "id": 1,',
      '  "name": "Ada"',
      '}',
    ]);
    expect(output).not.toContain('s3cr3t');
  });

  it('tells the screen the status, the time, the size and the media type without its parameters', async () => {
    const json = await httpRequestTool.run({ method: 'GET', url: `${server.url}/users/1` }, toolContext(process.cwd()));
    expect(json.details).toEqual({
      kind: 'http_response',
      status: 200,
      statusText: 'OK',
      durationMs: expect.any(Number),
      sizeBytes: 21,
      contentType: 'application/json',
    });
    const text = await httpRequestTool.run({ method: 'GET', url: `${server.url}/text` }, toolContext(process.cwd()));
    expect(text.details).toMatchObject({ status: 200, sizeBytes: 11, contentType: 'text/plain' });
    const missing = await httpRequestTool.run({ method: 'DELETE', url: `${server.url}/missing` }, toolContext(process.cwd()));
    expect(missing.details).toMatchObject({ status: 404, statusText: 'Not Found' });
  });

  it('truncates a large body at about 8 KB and says how large it was', async () => {
    const output = await send({ method: 'GET', url: `${server.url}/large` });
    expect(firstLine(output)).toMatch(/^HTTP 200 OK · (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?) · 2\d KB$/);
    expect(output.length).toBeLessThan(9 * 1024);
    expect(output).toMatch(/\n… \(truncated, 2\d KB in total\)$/);
  });

  it('shows non-JSON bodies as text and binary bodies by size only', async () => {
    expect(await send({ method: 'GET', url: `${server.url}/text` })).toMatch(
      /^HTTP 200 OK · (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?) · 11 B\ntiming: .+\ncontent-type: text\/plain; charset=utf-8\n\(\d+ more headers\)\n\nplain words$/,
    );
    expect(await send({ method: 'GET', url: `${server.url}/image` })).toMatch(/\(binary body, 8 B, image\/png — not shown\)$/);
  });

  it('reports 404 and 500 as answers, not errors', async () => {
    const notFound = await send({ method: 'DELETE', url: `${server.url}/missing` });
    expect(firstLine(notFound)).toMatch(/^HTTP 404 Not Found · /);
    expect(notFound).toContain('"error": "not found"');
    const failed = await send({ method: 'GET', url: `${server.url}/html-error` });
    expect(firstLine(failed)).toMatch(/^HTTP 500 Internal Server Error · /);
    expect(failed).toMatch(/<h1>Internal Server Error<\/h1>$/);
  });

  it('shows a redirect, not followed by default, with its location and an empty body', async () => {
    const output = await send({ method: 'POST', url: `${server.url}/created`, body: { name: 'Ada' } });
    expect(output.split('\n').slice(0, 5)).toEqual([
      expect.stringMatching(/^HTTP 302 Found · (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?) · 0 B$/),
      expect.stringMatching(TIMING),
      'meaning: a temporary redirect to /users/1 — not followed; send again with follow_redirects: true to follow it',
      'location: /users/1',
      'retry-after: 5',
    ]);
    expect(output).toMatch(/\(empty body\)$/);
  });

  it('turns timeouts, refused connections and bad URLs into tool errors', async () => {
    await expect(send({ method: 'GET', url: `${server.url}/slow`, timeout_ms: 150 })).rejects.toThrow(
      new ToolError(`timed out after 150 ms waiting for ${server.url}`),
    );
    const port = await unusedPort();
    await expect(send({ method: 'GET', url: `http://127.0.0.1:${port}` })).rejects.toThrow(
      new ToolError(`could not connect to http://127.0.0.1:${port}: connection refused — is the server running?`),
    );
    await expect(send({ method: 'GET', url: 'ftp://example.com/' })).rejects.toThrow(ToolError);
  });

  it('stops when the run is cancelled', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await send({ method: 'GET', url: `${server.url}/slow` }, controller.signal).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ToolError);
    expect((error as Error).name).toBe('AbortError');
  });
});
