import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { scanLoopbackApi } from './loopback-scan.js';

const paths = {
  '/users': { get: { responses: { '200': { description: 'Users' } } } },
  '/users/{id}': {
    get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' }, example: 1 }], responses: { '200': { description: 'A user' } } },
  },
};

/** Answers every request with `[{"id":1}]` and the CORS headers `cors` gives for its Origin and method. */
function api(cors: (origin: string | undefined, request: IncomingMessage) => Record<string, string>) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const headers = { 'content-type': 'application/json', ...cors(request.headers.origin, request) };
    if (request.method === 'OPTIONS') response.writeHead(204, headers).end();
    else response.writeHead(200, headers).end('[{"id":1}]');
  };
}

/** The CORS headers that allow `origin`, with credentials or not. */
function allowing(origin: string | undefined, credentials = true): Record<string, string> {
  if (!origin) return {};
  return { 'access-control-allow-origin': origin, ...(credentials && { 'access-control-allow-credentials': 'true' }) };
}

const reflectingWithCredentials = api((origin) => allowing(origin));

describe('cors', () => {
  it('reports an Origin reflected with credentials once for the whole API, at the first operation, as high', async () => {
    const result = await scanLoopbackApi({ paths, handler: reflectingWithCredentials, checks: ['cors'] });
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ rule: 'cors', owasp: 'API8:2023', cwe: 'CWE-942', severity: 'high', method: 'GET', path: '/users' });
    expect(result.findings[0]!.title).toBe('Access-Control-Allow-Origin echoes Origin: https://evil.example, with Access-Control-Allow-Credentials: true');
    expect(result.findings[0]!.evidence.request).toContain('origin: https://evil.example');
    expect(result.findings[0]!.evidence.response).toContain('access-control-allow-credentials: true');
  });

  it('reports a reflection without credentials as low', async () => {
    const result = await scanLoopbackApi({ paths, handler: api((origin) => allowing(origin, false)), checks: ['cors'] });
    expect(result.findings.map((finding) => [finding.severity, finding.path])).toEqual([['low', '/users']]);
  });

  it('reports an allowed Origin: null with credentials', async () => {
    const allowsNull = api((origin) => allowing(origin === 'null' ? origin : undefined));
    const result = await scanLoopbackApi({ paths, handler: allowsNull, checks: ['cors'] });
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ severity: 'high', path: '/users' });
    expect(result.findings[0]!.title).toBe('Access-Control-Allow-Origin echoes Origin: null, with Access-Control-Allow-Credentials: true');
  });

  it('reports a preflight that allows any origin with credentials', async () => {
    const preflightOnly = api((origin, request) => allowing(request.method === 'OPTIONS' ? origin : undefined));
    const result = await scanLoopbackApi({ paths, handler: preflightOnly, checks: ['cors'] });
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ severity: 'medium', method: 'GET', path: '/users' });
    expect(result.findings[0]!.title).toBe(
      'Access-Control-Allow-Origin echoes Origin: https://evil.example in a preflight, with Access-Control-Allow-Credentials: true',
    );
    expect(result.findings[0]!.evidence.request).toMatch(/^OPTIONS /);
  });

  it('reports each operation that reflects when only some do', async () => {
    const oneRoute = api((origin, request) => allowing(request.url?.startsWith('/users/') ? origin : undefined));
    const result = await scanLoopbackApi({ paths, handler: oneRoute, checks: ['cors'] });
    expect(result.findings.map((finding) => `${finding.method} ${finding.path}`)).toEqual(['GET /users/{id}']);
  });

  it('sends the probes as the first identity', async () => {
    const seen: Array<string | undefined> = [];
    const handler = api((_origin, request) => {
      if (request.method === 'GET') seen.push(request.headers.authorization);
      return {};
    });
    await scanLoopbackApi({ paths, handler, checks: ['cors'], tokens: ['alice:alice-token-123456'] });
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(['Bearer alice-token-123456']));
  });

  it.each([
    ['a wildcard without credentials', api(() => ({ 'access-control-allow-origin': '*' }))],
    ['a wildcard with credentials (browsers refuse it)', api(() => ({ 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'true' }))],
    ['a fixed list of trusted origins', api((origin) => ({ ...allowing(origin === 'https://app.example' ? origin : undefined), vary: 'Origin' }))],
    ['no CORS at all', api(() => ({}))],
  ])('reports nothing for %s', async (_name, handler) => {
    const result = await scanLoopbackApi({ paths, handler, checks: ['cors'] });
    expect(result.findings).toEqual([]);
  });
});

describe('cors: origins derived from the one the API allows', () => {
  const SERVERS = ['https://api.shop.example/v1'];
  /** Allows the origins `trusts` takes, with credentials or not. */
  const trusting = (trusts: (origin: string) => boolean, credentials = true) =>
    api((origin) => allowing(origin && trusts(origin) ? origin : undefined, credentials));

  it("learns the allowed origin from the spec's server and reports a look-alike it trusts with credentials as high, once for the API", async () => {
    const result = await scanLoopbackApi({ paths, servers: SERVERS, handler: trusting((origin) => origin.endsWith('shop.example')), checks: ['cors'] });
    expect(result.findings.map((finding) => [finding.severity, `${finding.method} ${finding.path}`, finding.title])).toEqual([
      [
        'high',
        'GET /users',
        'Access-Control-Allow-Origin trusts https://evil-shop.example, a name anyone can register that ends with shop.example (derived from the allowed https://api.shop.example), with Access-Control-Allow-Credentials: true',
      ],
    ]);
    expect(result.findings[0]!.curl).toContain("-H 'origin: https://evil-shop.example'");
  });

  it('reads the allowed origin from a fixed Access-Control-Allow-Origin, and reports a suffix it trusts without credentials as low', async () => {
    const handler = api((origin) => ({
      'access-control-allow-origin': origin?.startsWith('https://www.shop.example') ? origin : 'https://www.shop.example',
    }));
    const result = await scanLoopbackApi({ paths, servers: SERVERS, handler, checks: ['cors'] });
    expect(result.findings.map((finding) => [finding.severity, finding.title])).toEqual([
      [
        'low',
        'Access-Control-Allow-Origin trusts https://www.shop.example.evil.test, a name anyone can register that starts with www.shop.example (derived from the allowed https://www.shop.example), without credentials',
      ],
    ]);
  });

  it('reports a trusted subdomain only with credentials, and the plain-HTTP origin', async () => {
    const subdomains = (origin: string) => /^https:\/\/([\w-]+\.)?shop\.example$/.test(origin);
    expect((await scanLoopbackApi({ paths, servers: SERVERS, handler: trusting(subdomains, false), checks: ['cors'] })).findings).toEqual([]);
    const withCredentials = await scanLoopbackApi({ paths, servers: SERVERS, handler: trusting(subdomains), checks: ['cors'] });
    expect(withCredentials.findings.map((finding) => [finding.severity, finding.title.split(',')[0]])).toEqual([
      ['high', 'Access-Control-Allow-Origin trusts https://evil.shop.example'],
    ]);
    const anyScheme = await scanLoopbackApi({
      paths,
      servers: SERVERS,
      handler: trusting((origin) => /^https?:\/\/api\.shop\.example$/.test(origin)),
      checks: ['cors'],
    });
    expect(anyScheme.findings.map((finding) => [finding.severity, finding.title.split(',')[0]])).toEqual([
      ['high', 'Access-Control-Allow-Origin trusts http://api.shop.example'],
    ]);
  });

  it('reports nothing for an exact list, and says so when no first-party origin is allowed', async () => {
    const exact = await scanLoopbackApi({ paths, servers: SERVERS, handler: trusting((origin) => origin === 'https://shop.example'), checks: ['cors'] });
    expect(exact.findings).toEqual([]);
    expect(exact.notes).toEqual([]);
    const none = await scanLoopbackApi({ paths, servers: SERVERS, handler: api(() => ({})), checks: ['cors'] });
    expect(none.notes).toEqual([
      `cors: none of https://api.shop.example, https://shop.example, https://www.shop.example, ${new URL(none.target).origin} is allowed, so no origin derived from an allowed one was tried`,
    ]);
  });
});
