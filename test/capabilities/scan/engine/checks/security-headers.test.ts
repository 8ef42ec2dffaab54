import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { headerProblems } from '../../../../../src/capabilities/scan/engine/checks/security-headers.js';
import { scanLoopbackApi } from './loopback-scan.js';

const ok = { '200': { description: 'OK' } };
const paths = {
  '/users': { get: { security: [], responses: ok } },
  '/users/{id}': { get: { security: [], parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' }, example: 1 }], responses: ok } },
  '/me': { get: { security: [{ bearer: [] }], responses: ok } },
};

const SAFE_HEADERS = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };

/** Answers `{}` to every GET with the headers `headersFor` gives its path. */
function api(headersFor: (path: string) => Record<string, string>) {
  return (request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'application/json', ...headersFor(request.url ?? '/') }).end('{"id":1}');
  };
}

const scan = (handler: ReturnType<typeof api>) => scanLoopbackApi({ paths, handler, checks: ['security_headers'], tokens: ['alice:alice-token-123456'] });

describe('security_headers', () => {
  it('reports the headers every answer lacks once, at the first operation, at the most severe of them', async () => {
    const result = await scan(api(() => ({ 'x-powered-by': 'Express' })));
    expect(result.findings.map((finding) => `${finding.method} ${finding.path}`)).toEqual(['GET /users', 'GET /me']);
    expect(result.findings[1]).toMatchObject({ severity: 'info', title: 'Cache-Control is missing on authenticated data' });
    expect(result.findings[0]).toMatchObject({ rule: 'security_headers', owasp: 'API8:2023', cwe: 'CWE-693', severity: 'low', method: 'GET', path: '/users' });
    expect(result.findings[0]!.title).toBe('X-Content-Type-Options: nosniff is missing; X-Powered-By: Express names the framework');
    expect(result.findings[0]!.evidence.response).toContain('x-powered-by: Express');
  });

  it('reports a header missing on one route at that route', async () => {
    const result = await scan(api((path) => (path.startsWith('/users/') ? { 'cache-control': 'no-store' } : SAFE_HEADERS)));
    expect(result.findings.map((finding) => [finding.severity, finding.method, finding.path, finding.title])).toEqual([
      ['low', 'GET', '/users/{id}', 'X-Content-Type-Options: nosniff is missing'],
    ]);
  });

  it('reports authenticated JSON without Cache-Control and a versioned Server banner as info', async () => {
    const result = await scan(
      api((path) => ({ 'x-content-type-options': 'nosniff', server: 'nginx/1.18.0', ...(path === '/me' ? {} : { 'cache-control': 'no-store' }) })),
    );
    expect(result.findings.map((finding) => [finding.severity, finding.path, finding.title])).toEqual([
      ['info', '/users', 'Server: nginx/1.18.0 names its version'],
      ['info', '/me', 'Cache-Control is missing on authenticated data'],
    ]);
  });

  it('reports nothing when every answer carries the headers and no banner', async () => {
    const result = await scan(api(() => ({ ...SAFE_HEADERS, server: 'api' })));
    expect(result.findings).toEqual([]);
  });

  it('reads only 2xx answers', async () => {
    const result = await scanLoopbackApi({ paths, handler: (_request, response) => response.writeHead(401).end(), checks: ['security_headers'] });
    expect(result.findings).toEqual([]);
    expect(result.notes).toEqual(['security_headers: no GET operation answered its valid request with a 2xx']);
  });
});

describe('headerProblems', () => {
  const response = (headers: Record<string, string>) => ({ status: 200, headers, body: '{}', durationMs: 1 });

  it('wants Strict-Transport-Security over HTTPS only', () => {
    const headers = { 'x-content-type-options': 'nosniff' };
    expect(headerProblems(response(headers), { https: true, authenticated: false })).toEqual([
      { header: 'strict-transport-security', severity: 'low', text: 'Strict-Transport-Security is missing over HTTPS' },
    ]);
    expect(headerProblems(response(headers), { https: false, authenticated: false })).toEqual([]);
    expect(headerProblems(response({ ...headers, 'strict-transport-security': 'max-age=31536000' }), { https: true, authenticated: false })).toEqual([]);
  });

  it('takes a Server banner without a version for harmless', () => {
    expect(headerProblems(response({ 'x-content-type-options': 'nosniff', server: 'nginx' }), { https: false, authenticated: false })).toEqual([]);
  });
});
