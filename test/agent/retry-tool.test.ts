import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { httpRequestTool } from '../../src/capabilities/requests/tools/http-request.js';
import { createRetryTool } from '../../src/agent/retry-tool.js';
import type { AnyTool } from '../../src/kit/tool/tool.js';
import { validateToolArgs } from '../../src/kit/tool/validate-args.js';
import { waitTool } from '../../src/capabilities/requests/tools/wait.js';
import { writeFileTool } from '../../src/capabilities/code/tools/write-file.js';
import { unusedPort } from '../apis/http-test-server.js';
import { toolContext } from '../tools/temp-project.js';

/** Each path answers 503 as many times as its number says, then 200: /flaky/2 → 503, 503, 200. */
let server: http.Server;
let baseUrl: string;
/** A project whose dev environment points at the server: the API under test, asked about never. */
let project: string;
const calls = new Map<string, number>();
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const count = (calls.get(req.url!) ?? 0) + 1;
    calls.set(req.url!, count);
    const failures = Number(/^\/flaky\/(\d+)/.exec(req.url!)?.[1] ?? 0);
    res.writeHead(count <= failures ? 503 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ call: count }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  project = await mkdtemp(path.join(tmpdir(), 'falcon-retry-'));
  await mkdir(path.join(project, '.falcon', 'environments'), { recursive: true });
  await writeFile(path.join(project, '.falcon', 'environments', 'dev.yaml'), `BASE_URL: ${baseUrl}\n`);
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(project, { recursive: true, force: true });
});

const tools = new Map<string, AnyTool>([httpRequestTool, writeFileTool, waitTool].map((tool) => [tool.name, tool]));
const retryTool = createRetryTool((name) => tools.get(name));
type Args = Parameters<typeof retryTool.run>[0];
const retryResult = (args: Partial<Args> & Pick<Args, 'tool' | 'args'>, signal?: AbortSignal, environment = 'dev') =>
  retryTool.run({ max_attempts: 3, delay_ms: 10, backoff: 'fixed', ...args }, toolContext(project, signal, environment));
const retry = async (...given: Parameters<typeof retryResult>) => (await retryResult(...given)).text;

describe('retry', () => {
  it('retries http_request until the response has the wanted status', async () => {
    const output = await retry({ tool: 'http_request', args: { method: 'get', url: `${baseUrl}/flaky/2?a` }, max_attempts: 5, until_status: [200, 201] });
    const lines = output.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      expect.stringMatching(/^http_request succeeded on attempt 3 of 5 \((?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)\)\.$/),
      'attempt 1: HTTP 503 Service Unavailable (waiting for 200 or 201) — retried after 10 ms',
      'attempt 2: HTTP 503 Service Unavailable (waiting for 200 or 201) — retried after 10 ms',
      'attempt 3: HTTP 200 OK',
    ]);
    expect(lines.slice(4, 6)).toEqual(['', 'Last result:']);
    expect(lines[6]).toMatch(/^HTTP 200 OK/);
    expect(output).toContain('"call": 3');
    expect(calls.get('/flaky/2?a')).toBe(3);
  });

  it("shows the details of the attempt that succeeded: its response's status", async () => {
    const result = await retryResult({ tool: 'http_request', args: { method: 'GET', url: `${baseUrl}/flaky/2?details` }, max_attempts: 5, until_status: 200 });
    expect(result.details).toMatchObject({ kind: 'http_response', status: 200, statusText: 'OK' });
  });

  it('gives up after max_attempts, as an error that shows every attempt and the last response', async () => {
    const error = await retry({
      tool: 'http_request',
      args: { method: 'GET', url: `${baseUrl}/flaky/9?b` },
      max_attempts: 2,
      backoff: 'exponential',
      until_status: 200,
    }).catch((e: unknown) => e as Error);
    expect(error).toMatchObject({ name: 'ToolError' });
    const lines = (error as Error).message.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      expect.stringMatching(/^http_request did not succeed in 2 attempts \((?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)\); giving up\.$/),
      'attempt 1: HTTP 503 Service Unavailable (waiting for 200) — retried after 10 ms',
      'attempt 2: HTTP 503 Service Unavailable (waiting for 200)',
    ]);
    expect((error as Error).message).toContain('Last attempt:\nHTTP 503 Service Unavailable');
  });

  it('without until_status, retries errors until the tool succeeds, whatever the status', async () => {
    const port = await unusedPort();
    const late = http.createServer((_req, res) => res.writeHead(500).end());
    await writeFile(path.join(project, '.falcon', 'environments', 'late.yaml'), `BASE_URL: http://127.0.0.1:${port}\n`);
    // The server starts while the retry waits after the first, refused, attempt: whatever the machine's load.
    const ctx = {
      ...toolContext(project, undefined, 'late'),
      progress: () => {
        if (!late.listening) late.listen(port, '127.0.0.1');
      },
    };
    try {
      const { text: output } = await retryTool.run(
        { max_attempts: 3, backoff: 'fixed', tool: 'http_request', args: { method: 'GET', url: `http://127.0.0.1:${port}/` }, delay_ms: 300 },
        ctx,
      );
      expect(output.split('\n').slice(0, 3)).toEqual([
        expect.stringMatching(/^http_request succeeded on attempt 2 of 3/),
        `attempt 1: error: could not connect to http://127.0.0.1:${port}: connection refused — is the server running? — retried after 300 ms`,
        expect.stringMatching(/^attempt 2: HTTP 500 Internal Server Error/),
      ]);
    } finally {
      late.close();
    }
  });

  it('refuses itself, tools that need approval, unknown tools, bad inner args, and until_status on tools without responses', async () => {
    await expect(retry({ tool: 'retry', args: {} })).rejects.toThrow('retry cannot retry itself: give the inner tool and its args directly');
    await expect(retry({ tool: 'write_file', args: { path: 'a.txt', content: 'x' } })).rejects.toThrow(
      "this write_file call needs the user's approval, so it cannot be retried automatically: call it directly",
    );
    await expect(retry({ tool: 'http_request', args: { method: 'GET', url: 'http://127.0.0.1:9/elsewhere' } })).rejects.toThrow(
      "this http_request call needs the user's approval, so it cannot be retried automatically: call it directly",
    );
    await expect(retry({ tool: 'curl', args: {} })).rejects.toThrow('unknown tool "curl"');
    await expect(retry({ tool: 'http_request', args: { method: 'FETCH' } })).rejects.toThrow(
      'invalid args for http_request: method: expected one of "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", received "FETCH"; url: missing (expected string)',
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const refused = expect(retry({ tool: 'wait', args: { duration_ms: 1 }, until_status: 200, delay_ms: 5000 })).rejects.toThrow(
      'until_status needs a tool that keeps its HTTP response (such as http_request); wait kept none on attempt 1',
    );
    // The inner wait's millisecond, never the 5 s before a second attempt.
    await vi.advanceTimersByTimeAsync(4_999);
    await refused;
  });

  it('stops at once when cancelled between attempts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    // A minute between attempts: only the cancellation can end this within the test's timeout.
    const error = await retry(
      { tool: 'http_request', args: { method: 'GET', url: `${baseUrl}/flaky/9?c` }, until_status: 200, delay_ms: 60_000 },
      controller.signal,
    ).catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
  });

  it('validates its own arguments', () => {
    expect(validateToolArgs(retryTool, { tool: 'http_request', args: {}, max_attempts: 11, backoff: 'linear', until_status: [700] })).toEqual({
      ok: false,
      problems: [
        'max_attempts: at most 10',
        'backoff: expected one of "fixed", "exponential", received "linear"',
        'until_status[0]: not an HTTP status (100–599)',
      ].join('; '),
    });
    expect(validateToolArgs(retryTool, { tool: 'http_request' })).toEqual({ ok: false, problems: 'args: missing (expected object)' });
    expect(validateToolArgs(retryTool, { tool: 'http_request', args: {} })).toMatchObject({
      ok: true,
      value: { max_attempts: 3, delay_ms: 1000, backoff: 'fixed' },
    });
  });
});
