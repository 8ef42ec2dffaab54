import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOnThisMachine } from '../../../../../src/capabilities/scan/engine/checks/ssrf.js';
import { until } from '../../../../support/patience.js';
import { scanLoopbackApi } from './loopback-scan.js';

const paths = {
  '/avatars': {
    post: {
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['picture'],
              properties: { picture: { type: 'string', format: 'uri', example: 'https://images.example/me.png' } },
            },
          },
        },
      },
      responses: { '201': { description: 'Stored' } },
    },
  },
  '/link-preview': {
    get: {
      parameters: [{ name: 'url', in: 'query', required: true, schema: { type: 'string' }, example: 'https://example.com' }],
      responses: { '200': { description: 'The title' } },
    },
  },
  '/products': {
    get: {
      parameters: [{ name: 'category', in: 'query', required: true, schema: { type: 'string' }, example: 'lamps' }],
      responses: { '200': { description: 'Products' } },
    },
  },
};

/** The URL a request gives: the body's `picture`, or the query's `url`. */
async function givenUrl(request: IncomingMessage): Promise<string | undefined> {
  const url = new URL(request.url!, 'http://api');
  if (url.pathname === '/link-preview') return url.searchParams.get('url') ?? undefined;
  if (url.pathname !== '/avatars') return undefined;
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return (JSON.parse(text) as { picture?: string }).picture;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Fetches the URL it is given, wherever it points, when `allowed` says so. */
function fetchingApi(allowed: (url: URL) => boolean = () => true) {
  return async (request: IncomingMessage, response: ServerResponse) => {
    const given = await givenUrl(request);
    if (given === undefined) return send(response, 200, []);
    const url = URL.canParse(given) ? new URL(given) : undefined;
    if (!url || !allowed(url)) return send(response, 400, { error: 'that URL is not allowed' });
    const status = await fetch(url, { signal: AbortSignal.timeout(1000) }).then(
      (fetched) => fetched.status,
      () => 502,
    );
    send(response, 201, { fetched: status });
  };
}

/** Hosts a server must not fetch from: loopback, private and link-local addresses. */
const INTERNAL_HOST = /^(localhost|127\.|10\.|192\.168\.|169\.254\.|\[::1\])/;

describe('ssrf', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reports each URL field the server fetches, proven by a request for Falcon's canary, as high", async () => {
    const result = await scanLoopbackApi({ paths, handler: fetchingApi(), checks: ['ssrf'] });
    expect(result.findings.map((finding) => [finding.severity, finding.method, finding.path, finding.title])).toEqual([
      ['high', 'POST', '/avatars', `The server fetches the URL sent in the body field "picture": Falcon's canary listener was requested`],
      ['high', 'GET', '/link-preview', `The server fetches the URL sent in the query parameter "url": Falcon's canary listener was requested`],
    ]);
    expect(result.findings[0]).toMatchObject({ rule: 'ssrf', owasp: 'API7:2023', cwe: 'CWE-918' });
    expect(result.findings[0]!.evidence.request).toMatch(/"picture":"http:\/\/127\.0\.0\.1:\d+\/canary\/[0-9a-f]{16}"/);
  });

  it('listens on the address --canary-host names and gives the target URLs there', async () => {
    // 127.0.0.2 is an address of this machine other than the canary's default: as a container's gateway would be.
    const result = await scanLoopbackApi({ paths, handler: fetchingApi(), checks: ['ssrf'], canaryHost: '127.0.0.2' });
    expect(result.findings.map((finding) => finding.path)).toEqual(['/avatars', '/link-preview']);
    expect(result.findings[0]!.evidence.request).toMatch(/"picture":"http:\/\/127\.0\.0\.2:\d+\/canary\/[0-9a-f]{16}"/);
  });

  it('reports nothing when internal hosts are refused', async () => {
    // The clock runs as ever; once both probes are refused, it runs fast through the wait for a canary request that cannot come.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    const refusing = fetchingApi((url) => !INTERNAL_HOST.test(url.host));
    let refused = 0;
    let ended = false;
    const handler = async (request: IncomingMessage, response: ServerResponse) => {
      await refusing(request, response);
      if (response.statusCode === 400) refused += 1;
    };
    const scan = scanLoopbackApi({ paths, handler, checks: ['ssrf'] }).finally(() => (ended = true));
    await until(() => refused === 2, 'both probes to be refused');
    while (!ended) {
      vi.advanceTimersByTime(50);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await scan).findings).toEqual([]);
  });

  it('says so when no operation takes a URL', async () => {
    const result = await scanLoopbackApi({ paths: { '/products': paths['/products'] }, handler: fetchingApi(), checks: ['ssrf'] });
    expect(result.notes).toEqual([expect.stringContaining('ssrf: no operation takes a URL')]);
  });
});

describe('isOnThisMachine', () => {
  it('knows loopback targets, by address and by name', async () => {
    expect(await isOnThisMachine('http://127.0.0.1:3000')).toBe(true);
    expect(await isOnThisMachine('http://[::1]:3000/api')).toBe(true);
    expect(await isOnThisMachine('http://localhost:3000')).toBe(true);
  });

  it('knows a target elsewhere, or one that does not resolve, is not here', async () => {
    expect(await isOnThisMachine('https://192.0.2.10/api')).toBe(false);
    expect(await isOnThisMachine('http://falcon-no-such-host.invalid')).toBe(false);
  });
});
