import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { scanLoopbackApi } from './loopback-scan.js';

const ok = { '200': { description: 'OK' } };
const paths = {
  '/api/v2/users': { get: { responses: ok } },
  '/api/v2/users/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' }, example: 1 }], responses: ok } },
  '/status': { get: { responses: ok } },
};

type Answer = [number, Record<string, string>, string];
const USERS: Answer = [200, { 'content-type': 'application/json' }, '[{"id":1,"name":"Ann"}]'];
const NOT_FOUND: Answer = [404, { 'content-type': 'application/json' }, '{"error":"not found"}'];

/** Answers GET `path` with `routes[path]` (a function of the request, or an answer), else `otherwise`. */
function api(routes: Record<string, Answer | ((request: IncomingMessage) => Answer)>, otherwise: (request: IncomingMessage) => Answer = () => NOT_FOUND) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const route = routes[new URL(request.url ?? '/', 'http://x').pathname];
    const [status, headers, body] = typeof route === 'function' ? route(request) : (route ?? otherwise(request));
    response.writeHead(status, headers).end(body);
  };
}

const documented = { '/api/v2/users': USERS, '/api/v2/users/1': USERS, '/status': [200, { 'content-type': 'application/json' }, '{"ok":true}'] as Answer };

describe('undocumented_endpoints', () => {
  it('reports each common path and older version that answers with content, one finding per path', async () => {
    const admin: Answer = [200, { 'content-type': 'text/html' }, '<h1>Admin</h1><a href="/admin/users">Users</a>'];
    const handler = api({
      ...documented,
      '/.env': [200, { 'content-type': 'text/plain' }, 'PORT=3000\nDB_PASSWORD=hunter2hunter2\nJWT_SIGNING_KEY=signing-secret-42\n'],
      '/admin': admin,
      '/admin/': admin,
      '/swagger.json': [200, { 'content-type': 'application/json' }, '{"openapi":"3.0.3","paths":{}}'],
      '/api/v1/users': USERS,
    });
    const result = await scanLoopbackApi({ paths, handler, checks: ['undocumented_endpoints'] });
    expect(result.findings.map((finding) => [finding.severity, `${finding.method} ${finding.path}`])).toEqual([
      ['high', 'GET /.env'],
      ['medium', 'GET /admin'],
      ['medium', 'GET /api/v1/users'],
      ['info', 'GET /swagger.json'],
    ]);
    expect(result.findings[0]).toMatchObject({ rule: 'undocumented_endpoints', owasp: 'API9:2023', cwe: 'CWE-1059' });
    expect(result.findings[0]!.title).toBe('An environment file answers at GET /.env, which the spec does not list, with secrets in it');
    expect(result.findings[0]!.evidence.response).toContain('PORT=3000');
    expect(JSON.stringify(result.findings)).not.toMatch(/hunter2|signing-secret-42/);
    expect(result.findings[2]!.title).toBe('An older version of the API (/api/v1) answers at GET /api/v1/users, which the spec does not list');
  });

  it('takes secrets in a settings endpoint for high, not an API document naming its key scheme', async () => {
    const actuatorEnv = {
      activeProfiles: ['prod'],
      propertySources: [{ name: 'systemEnvironment', properties: { DB_PASSWORD: { value: 'pg-secret-value' } } }],
    };
    const apiDocument = { openapi: '3.0.3', components: { securitySchemes: { api_key: { type: 'apiKey', name: 'X-API-Key', in: 'header' } } } };
    const handler = api({
      ...documented,
      '/actuator/env': [200, { 'content-type': 'application/json' }, JSON.stringify(actuatorEnv)],
      '/openapi.json': [200, { 'content-type': 'application/json' }, JSON.stringify(apiDocument)],
    });
    const result = await scanLoopbackApi({ paths, handler, checks: ['undocumented_endpoints'] });
    expect(result.findings.map((finding) => [finding.severity, finding.path])).toEqual([
      ['high', '/actuator/env'],
      ['info', '/openapi.json'],
    ]);
    expect(JSON.stringify(result.findings)).not.toContain('pg-secret-value');
  });

  it('reports an admin page that answers only to a logged-in user, with its credentials masked', async () => {
    const handler = api({
      ...documented,
      '/admin': (request) =>
        request.headers.authorization ? [200, { 'content-type': 'application/json' }, '{"users":12,"settings":{"debug":true}}'] : [401, {}, ''],
    });
    const result = await scanLoopbackApi({ paths, handler, checks: ['undocumented_endpoints'], tokens: ['alice:alice-token-123456'] });
    expect(result.findings.map((finding) => `${finding.severity} ${finding.method} ${finding.path}`)).toEqual(['medium GET /admin']);
    expect(result.findings[0]!.evidence.request).toContain('authorization: Bearer [masked');
    expect(JSON.stringify(result.findings)).not.toContain('alice-token-123456');
  });

  it('reports nothing behind an SPA catch-all that answers index.html to every path', async () => {
    const index = (): Answer => [
      200,
      { 'content-type': 'text/html; charset=utf-8' },
      `<!doctype html><html><head><meta name="csrf" content="${randomUUID()}"></head><body><div id="root"></div></body></html>`,
    ];
    const result = await scanLoopbackApi({ paths, handler: api(documented, index), checks: ['undocumented_endpoints'] });
    expect(result.findings).toEqual([]);
  });

  it('reports nothing behind a catch-all that names the path it did not find', async () => {
    const echo = (request: IncomingMessage): Answer => [200, { 'content-type': 'application/json' }, JSON.stringify({ error: `no route for ${request.url}` })];
    const result = await scanLoopbackApi({ paths, handler: api(documented, echo), checks: ['undocumented_endpoints'] });
    expect(result.findings).toEqual([]);
  });

  it('reports nothing for protected, redirected, empty or mislabelled answers and documented paths', async () => {
    const handler = api({
      ...documented,
      '/admin': [302, { location: '/login' }, ''],
      '/debug': [403, { 'content-type': 'application/json' }, '{"error":"forbidden"}'],
      '/metrics': [200, { 'content-type': 'application/json' }, '{}'],
      '/.env': [200, { 'content-type': 'text/html' }, '<html><body>Welcome</body></html>'],
    });
    const result = await scanLoopbackApi({ paths, handler, checks: ['undocumented_endpoints'], tokens: ['alice:alice-token-123456'] });
    expect(result.findings).toEqual([]);
  });
});
