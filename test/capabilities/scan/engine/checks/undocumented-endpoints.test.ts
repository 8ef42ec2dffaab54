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

describe('undocumented_endpoints: paths made of the spec and its words', () => {
  const USER_RECORDS = JSON.stringify([{ id: 1, email: 'ann@example.com', role: 'user' }]);

  it("reports a word under the spec's prefix that hands records to anyone as high, and the same as a user's at the word's severity", async () => {
    const handler = api({
      ...documented,
      '/api/v2/export': [200, { 'content-type': 'application/json' }, USER_RECORDS],
      '/api/v2/internal': (request) => (request.headers.authorization ? [200, { 'content-type': 'application/json' }, USER_RECORDS] : [401, {}, '']),
    });
    const result = await scanLoopbackApi({ paths, handler, checks: ['undocumented_endpoints'], tokens: ['alice:alice-token-123456'] });
    expect(result.findings.map((finding) => [finding.severity, `${finding.method} ${finding.path}`, finding.title])).toEqual([
      [
        'high',
        'GET /api/v2/export',
        'An export answers at GET /api/v2/export, which the spec does not list, with records in it, to a caller with no credentials',
      ],
      ['medium', 'GET /api/v2/internal', 'An internal endpoint answers at GET /api/v2/internal, which the spec does not list'],
    ]);
    expect(result.findings[1]!.evidence.request).toContain('authorization: Bearer [masked');
  });

  it('reports two words from the root with secrets in them as high, the secrets masked', async () => {
    const config = { mail: { host: 'smtp.example.com', password: 'relay-password-2020' } };
    const handler = api({ ...documented, '/debug/config': [200, { 'content-type': 'application/json' }, JSON.stringify(config)] });
    const result = await scanLoopbackApi({ paths, handler, checks: ['undocumented_endpoints'] });
    expect(result.findings.map((finding) => [finding.severity, finding.path, finding.title])).toEqual([
      ['high', '/debug/config', 'A configuration endpoint answers at GET /debug/config, which the spec does not list, with secrets in it'],
    ]);
    expect(JSON.stringify(result.findings)).not.toContain('relay-password-2020');
  });

  it('reports a newer version and the API without its version, high where records the spec guards go to anyone', async () => {
    const guarded = {
      ...paths,
      '/api/v2/orders': { get: { security: [{ bearer: [] }], responses: { '200': { description: 'OK' } } } },
    };
    const handler = api({
      ...documented,
      '/api/v2/orders': (request) => (request.headers.authorization ? [200, { 'content-type': 'application/json' }, USER_RECORDS] : [401, {}, '']),
      '/api/v3/orders': [200, { 'content-type': 'application/json' }, USER_RECORDS],
      '/api/users': USERS,
    });
    const result = await scanLoopbackApi({ paths: guarded, handler, checks: ['undocumented_endpoints'] });
    expect(result.findings.map((finding) => [finding.severity, `${finding.method} ${finding.path}`, finding.title])).toEqual([
      [
        'high',
        'GET /api/v3/orders',
        'A newer version of the API (/api/v3) answers at GET /api/v3/orders, which the spec does not list, with records in it, to a caller with no credentials',
      ],
      ['low', 'GET /api/users', 'The API without its version (/api) answers at GET /api/users, which the spec does not list'],
    ]);
  });

  it('sends as the user alone once the API refuses every caller without credentials, a missing path included', async () => {
    const seen: string[] = [];
    const handler = (request: IncomingMessage, response: ServerResponse) => {
      seen.push(`${request.method} ${request.url} ${request.headers.authorization ? 'user' : 'anonymous'}`);
      if (!request.headers.authorization) return response.writeHead(401).end();
      api(documented)(request, response);
    };
    await scanLoopbackApi({ paths, handler, checks: ['undocumented_endpoints'], tokens: ['alice:alice-token-123456'] });
    const anonymous = seen.filter((line) => line.endsWith(' anonymous'));
    // The first probe of each method, and what the API answers that method on a path no API has.
    expect(anonymous.length).toBeLessThanOrEqual(2 * 7);
    expect(seen.filter((line) => line.endsWith(' user')).length).toBeGreaterThan(100);
  });
});

describe('undocumented_endpoints: documented paths with other methods', () => {
  /** Answers the documented GETs; `extra` answers `METHOD /path`; a known path's other methods get 405, others 404. */
  function methodApi(extra: Record<string, (request: IncomingMessage) => Answer> = {}, seen: string[] = []) {
    return (request: IncomingMessage, response: ServerResponse) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      seen.push(`${request.method} ${path}`);
      const route = extra[`${request.method} ${path}`];
      const documentedAnswer = request.method === 'GET' ? (documented as Record<string, Answer>)[path] : undefined;
      const known = path in documented || Object.keys(extra).some((key) => key.endsWith(` ${path}`));
      const [status, headers, body] = route ? route(request) : (documentedAnswer ?? (known ? [405, {}, ''] : NOT_FOUND));
      response.writeHead(status, headers).end(body);
    };
  }

  it('reports a write accepted from anyone as high, and one a user gets accepted as medium', async () => {
    const handler = methodApi({
      'PATCH /api/v2/users/1': () => [200, { 'content-type': 'application/json' }, '{"id":1,"name":"Ann"}'],
      'POST /api/v2/users': (request) => (request.headers.authorization ? [201, { 'content-type': 'application/json' }, '{"id":2}'] : [401, {}, '']),
    });
    const result = await scanLoopbackApi({ paths, handler, checks: ['undocumented_endpoints'], tokens: ['alice:alice-token-123456'] });
    expect(result.findings.map((finding) => [finding.severity, `${finding.method} ${finding.path}`, finding.title])).toEqual([
      [
        'high',
        'PATCH /api/v2/users/{id}',
        'PATCH /api/v2/users/{id} is accepted (HTTP 200) from a caller with no credentials, though the spec lists only GET for this path',
      ],
      ['medium', 'POST /api/v2/users', 'POST /api/v2/users is accepted (HTTP 201), though the spec lists only GET for this path'],
    ]);
    expect(result.findings[0]!.curl).toBe(`curl -sS -i -X PATCH '${result.target}/api/v2/users/1' -H 'content-type: application/json' --data-raw '{}'`);
  });

  it('reports nothing where a path answers every method alike, 405s, or a catch-all accepts the method anywhere', async () => {
    const anyMethod = api(documented);
    const refusing = methodApi();
    const acceptsEverywhere = (request: IncomingMessage, response: ServerResponse) =>
      request.method === 'PATCH' ? response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}') : refusing(request, response);
    for (const handler of [anyMethod, refusing, acceptsEverywhere]) {
      const result = await scanLoopbackApi({ paths, handler, checks: ['undocumented_endpoints'] });
      expect(result.findings).toEqual([]);
    }
  });

  it('sends PUT and DELETE only with --allow-destructive', async () => {
    const careful: string[] = [];
    await scanLoopbackApi({ paths, handler: methodApi({}, careful), checks: ['undocumented_endpoints'] });
    expect(careful.filter((line) => /^(PUT|DELETE) /.test(line))).toEqual([]);
    expect(careful).toContain('PATCH /api/v2/users/1');
    const destructive: string[] = [];
    await scanLoopbackApi({ paths, handler: methodApi({}, destructive), checks: ['undocumented_endpoints'], allowDestructive: true });
    expect(destructive).toEqual(expect.arrayContaining(['PUT /api/v2/users/1', 'DELETE /api/v2/users/1']));
  });
});
