import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { scanLoopbackApi } from './loopback-scan.js';

const USERS = [
  { username: 'alice', password: 'wonderland' },
  { username: 'bob', password: 'builder' },
];
const ORDERS = [
  { email: 'alice@example.com', number: 'A-1' },
  { email: 'bob@example.com', number: 'B-1' },
  { email: 'bob@example.com', number: 'B-2' },
];

const jsonBody = (properties: Record<string, unknown>, required: string[]) => ({
  required: true,
  content: { 'application/json': { schema: { type: 'object', required, properties } } },
});

const paths = {
  '/auth/login': {
    post: {
      requestBody: jsonBody({ username: { type: 'string', example: 'alice' }, password: { type: 'string', example: 'secret' } }, ['username', 'password']),
      responses: { '200': { description: 'A token' }, '401': { description: 'Wrong credentials' } },
    },
  },
  '/orders': {
    get: {
      parameters: [{ name: 'email', in: 'query', required: true, schema: { type: 'string' }, example: 'carol@example.com' }],
      responses: { '200': { description: 'Orders' } },
    },
  },
  '/orders/lookup': {
    post: {
      requestBody: jsonBody({ email: { type: 'string', example: 'carol@example.com' }, number: { type: 'string', example: 'C-1' } }, ['email', 'number']),
      responses: { '200': { description: 'Orders' } },
    },
  },
};

/** MongoDB's reading of a filter value: an object of operators is a condition, anything else must be equal. */
function matches(stored: string, condition: unknown): boolean {
  if (typeof condition !== 'object' || condition === null) return stored === condition;
  return Object.entries(condition).every(([operator, operand]) =>
    operator === '$ne' ? stored !== operand : operator === '$gt' ? stored > String(operand) : false,
  );
}

/** The query as `qs` parses it: `email[$ne]=x` becomes `{email: {$ne: 'x'}}`. */
function parsedQuery(url: string): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [key, value] of new URL(url, 'http://api').searchParams) {
    const bracket = /^(\w+)\[([\w$]+)\]$/.exec(key);
    if (bracket) query[bracket[1]!] = { ...(query[bracket[1]!] as object), [bracket[2]!]: value };
    else query[key] = value;
  }
  return query;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return JSON.parse(text || '{}') as Record<string, unknown>;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Passes the values as they come into MongoDB-style filters. */
async function mongoApi(request: IncomingMessage, response: ServerResponse) {
  const path = new URL(request.url!, 'http://api').pathname;
  if (path === '/auth/login') {
    const { username, password } = await readJson(request);
    const user = USERS.find((candidate) => matches(candidate.username, username) && matches(candidate.password, password));
    return user ? send(response, 200, { token: `token-of-${user.username}` }) : send(response, 401, { error: 'wrong user name or password' });
  }
  if (path === '/orders')
    return send(
      response,
      200,
      ORDERS.filter((order) => matches(order.email, parsedQuery(request.url!).email)),
    );
  const { email, number } = await readJson(request);
  send(response, 200, { items: ORDERS.filter((order) => matches(order.email, email) && matches(order.number, number)) });
}

/** Takes strings only: an object is refused, and a query key in brackets is not the parameter (so the list is unfiltered). */
async function typedApi(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url!, 'http://api');
  if (url.pathname === '/orders') {
    const email = url.searchParams.get('email');
    return send(response, 200, email === null ? ORDERS : ORDERS.filter((order) => order.email === email));
  }
  const body = await readJson(request);
  if (Object.values(body).some((value) => typeof value !== 'string')) return send(response, 400, { error: 'strings only' });
  if (url.pathname === '/auth/login') {
    const user = USERS.find((candidate) => candidate.username === body.username && candidate.password === body.password);
    return user ? send(response, 200, { token: `token-of-${user.username}` }) : send(response, 401, { error: 'wrong user name or password' });
  }
  send(response, 200, { items: ORDERS.filter((order) => order.email === body.email && order.number === body.number) });
}

describe('nosqli', () => {
  it('reports a login with {"$ne": …} for the password as critical, and searches an operator widens as high', async () => {
    const result = await scanLoopbackApi({ paths, handler: mongoApi, checks: ['nosqli'] });
    expect(result.findings.map((finding) => [finding.severity, finding.method, finding.path])).toEqual([
      ['critical', 'POST', '/auth/login'],
      ['high', 'GET', '/orders'],
      ['high', 'POST', '/orders/lookup'],
    ]);
    const [login, search, lookup] = result.findings;
    expect(login).toMatchObject({ owasp: 'API8:2023', cwe: 'CWE-943' });
    expect(login!.title).toMatch(/^Logs in as "alice" with \{"\$ne":"falcon-[0-9a-f]+"\} in place of the password; a wrong password is refused$/);
    expect(login!.evidence.response).toContain('HTTP 200');
    expect(search!.title).toMatch(
      /query parameter "email" takes query operators: \{"\$ne":"falcon-[0-9a-f]+"\} lists 3 records where a value matching nothing lists 0/,
    );
    expect(search!.evidence.request).toContain('email%5B%24ne%5D=falcon-');
    expect(lookup!.title).toContain('body field "email" and the body field "number" take query operators');
  });

  it('logs in with operators for both the user name and the password when the known user name does not exist', async () => {
    const loginOnly = { '/auth/login': paths['/auth/login'] };
    const withUnknownUser = JSON.parse(JSON.stringify(loginOnly).replace('"alice"', '"nobody"')) as typeof loginOnly;
    const result = await scanLoopbackApi({ paths: withUnknownUser, handler: mongoApi, checks: ['nosqli'] });
    expect(result.findings.map((finding) => finding.title)).toEqual([
      expect.stringMatching(/^Logs in as whoever comes first with \{"\$ne":"falcon-\w+"\} in place of the password and the user name/),
    ]);
  });

  it('reports nothing when values must be strings, even where a query key in brackets lists everything', async () => {
    const result = await scanLoopbackApi({ paths, handler: typedApi, checks: ['nosqli'] });
    expect(result.findings).toEqual([]);
  });

  it('claims nothing when the check that the API ignores a key in brackets is answered 429', async () => {
    // The key in brackets is ignored, as above, and the probe that would show it is rate-limited.
    const limited = (request: IncomingMessage, response: ServerResponse) =>
      request.url!.includes('%5Bfalcon%5D') ? send(response, 429, { error: 'too many requests' }) : typedApi(request, response);
    const result = await scanLoopbackApi({ paths, handler: limited, checks: ['nosqli'] });
    expect(result.findings).toEqual([]);
  });
});
