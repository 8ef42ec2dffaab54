import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { scanLoopbackApi } from './loopback-scan.js';

const paths = {
  '/users/{id}': {
    get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' }, example: 7 }], responses: { '200': { description: 'A user' } } },
  },
};

/** Echoes a TRACE as Apache does (message/http), with the headers `echoed` keeps, on the paths `traced` allows. */
function api({ traced = () => true, echoed = () => true }: { traced?: (path: string) => boolean; echoed?: (name: string) => boolean } = {}) {
  return (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'TRACE') return void response.writeHead(200, { 'content-type': 'application/json' }).end('{"id":7}');
    if (!traced(request.url ?? '/')) return void response.writeHead(405, { allow: 'GET' }).end();
    const lines = Object.entries(request.headers)
      .filter(([name]) => echoed(name))
      .map(([name, value]) => `${name}: ${String(value)}`);
    response.writeHead(200, { 'content-type': 'message/http' }).end([`TRACE ${request.url} HTTP/1.1`, ...lines, ''].join('\r\n'));
  };
}

describe('trace', () => {
  it('reports TRACE / echoing the request as low, once', async () => {
    const result = await scanLoopbackApi({ paths, handler: api(), checks: ['trace'] });
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({
      rule: 'trace',
      owasp: 'API8:2023',
      severity: 'low',
      method: 'TRACE',
      path: '/',
      title: 'TRACE is enabled and echoes the request back',
    });
    expect(result.findings[0]!.evidence.response).toContain('x-falcon-trace: ');
  });

  it('reports an echoed credential as medium, masked in the evidence', async () => {
    const result = await scanLoopbackApi({ paths, handler: api(), checks: ['trace'], tokens: ['alice:alice-token-123456'] });
    expect(result.findings[0]).toMatchObject({ severity: 'medium', title: 'TRACE is enabled and echoes the request back, its authorization header included' });
    expect(JSON.stringify(result.findings)).not.toContain('alice-token-123456');
  });

  it('keeps to low when the credentials are not echoed', async () => {
    const result = await scanLoopbackApi({
      paths,
      handler: api({ echoed: (name) => name !== 'authorization' }),
      checks: ['trace'],
      tokens: ['alice:alice-token-123456'],
    });
    expect(result.findings[0]).toMatchObject({ severity: 'low' });
  });

  it("tries the first operation's path when / refuses TRACE", async () => {
    const result = await scanLoopbackApi({ paths, handler: api({ traced: (path) => path !== '/' }), checks: ['trace'] });
    expect(result.findings.map((finding) => `${finding.method} ${finding.path}`)).toEqual(['TRACE /users/{id}']);
    expect(result.findings[0]!.evidence.request).toMatch(/^TRACE http:\S+\/users\/7\n/);
  });

  it.each([
    ['405 Method Not Allowed', api({ traced: () => false })],
    [
      'a 200 that does not echo the request (an SPA catch-all)',
      (_request: IncomingMessage, response: ServerResponse) => void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>app</html>'),
    ],
    ['501 Not Implemented', (_request: IncomingMessage, response: ServerResponse) => void response.writeHead(501).end()],
  ])('reports nothing for %s', async (_name, handler) => {
    const result = await scanLoopbackApi({ paths, handler, checks: ['trace'] });
    expect(result.findings).toEqual([]);
  });
});
