import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { scanLoopbackApi } from './loopback-scan.js';

const user = { type: 'object', properties: { name: { type: 'string' } } };
const paths = {
  '/users': {
    post: {
      requestBody: { required: true, content: { 'application/json': { schema: user, example: { name: 'Ann' } } } },
      responses: { '201': { description: 'Created' } },
    },
  },
  '/users/{id}': {
    get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' }, example: 1 }], responses: { '200': { description: 'A user' } } },
  },
};

const NODE_STACK =
  'SyntaxError: Unexpected end of JSON input\n    at JSON.parse (<anonymous>)\n    at parse (/app/node_modules/body-parser/lib/types/json.js:92:19)\n    at Object.<anonymous> (/app/src/users.js:12:5)';

interface Failures {
  /** The answer to a body that does not parse (or is of an unknown type). */
  badBody(): [number, string];
  /** The answer to an id that is not a number. */
  badId(): [number, string];
}

function api({ badBody, badId }: Failures) {
  return (request: IncomingMessage, response: ServerResponse) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      let answer: [number, string] = [200, '{"id":1,"name":"Ann"}'];
      if (request.method === 'POST') {
        try {
          if (request.headers['content-type'] !== 'application/json') throw new Error('unsupported');
          JSON.parse(text);
          answer = [201, '{"id":2}'];
        } catch {
          answer = badBody();
        }
      } else if (!/^\/users\/\d+$/.test(request.url ?? '')) answer = badId();
      response.writeHead(answer[0], { 'content-type': 'application/json' }).end(answer[1]);
    });
  };
}

const clean: [number, string] = [400, '{"error":"bad request"}'];

describe('verbose_errors', () => {
  it('reports a stack trace with file paths once for the API when every operation leaks it, as medium', async () => {
    const leaking: [number, string] = [500, JSON.stringify({ error: 'Unexpected end of JSON input', stack: NODE_STACK })];
    const result = await scanLoopbackApi({ paths, handler: api({ badBody: () => leaking, badId: () => leaking }), checks: ['verbose_errors'] });
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({
      rule: 'verbose_errors',
      owasp: 'API8:2023',
      cwe: 'CWE-209',
      severity: 'medium',
      method: 'POST',
      path: '/users',
    });
    expect(result.findings[0]!.title).toBe("An error response gives away a Node.js stack trace with the server's file paths");
    expect(result.findings[0]!.evidence.request).toContain('{"broken":');
    expect(result.findings[0]!.evidence.request).toContain('content-type: application/json');
    expect(result.findings[0]!.evidence.response).toContain('/app/src/users.js:12:5');
  });

  it('reports the one operation that leaks, with the probe that made it', async () => {
    const traceback: [number, string] = [
      500,
      'Traceback (most recent call last):\n  File "/srv/api/users.py", line 14, in get_user\nValueError: invalid literal for int()',
    ];
    const result = await scanLoopbackApi({ paths, handler: api({ badBody: () => clean, badId: () => traceback }), checks: ['verbose_errors'] });
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ severity: 'medium', method: 'GET', path: '/users/{id}' });
    expect(result.findings[0]!.evidence.request).toMatch(/^GET http:\S+\/users\/abc/);
  });

  it('reports a database error as low', async () => {
    const sqlError: [number, string] = [500, '{"error":"SQLITE_ERROR: no such column: abc"}'];
    const result = await scanLoopbackApi({ paths, handler: api({ badBody: () => clean, badId: () => sqlError }), checks: ['verbose_errors'] });
    expect(result.findings.map((finding) => [finding.severity, finding.title])).toEqual([['low', 'An error response gives away a database error']]);
  });

  it('masks a connection string an error gives away', async () => {
    const connection: [number, string] = [500, '{"error":"connect ECONNREFUSED postgres://api:pg-password-1@db:5432/api","at":"/app/src/db.js"}'];
    const result = await scanLoopbackApi({ paths, handler: api({ badBody: () => connection, badId: () => clean }), checks: ['verbose_errors'] });
    expect(result.findings).toHaveLength(1);
    expect(JSON.stringify(result.findings)).not.toContain('pg-password-1');
  });

  it('reports nothing when errors are answered with a generic message', async () => {
    const result = await scanLoopbackApi({
      paths,
      handler: api({ badBody: () => clean, badId: () => [404, '{"error":"not found"}'] }),
      checks: ['verbose_errors'],
    });
    expect(result.findings).toEqual([]);
  });

  it('reports nothing for a stack trace in a 2xx answer (not an error the probe caused)', async () => {
    const result = await scanLoopbackApi({
      paths,
      handler: api({ badBody: () => [200, JSON.stringify({ stack: NODE_STACK })], badId: () => clean }),
      checks: ['verbose_errors'],
    });
    expect(result.findings).toEqual([]);
  });
});
