import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ALL_CHECKS } from '../../src/capabilities/scan/engine/checks/all-checks.js';
import { runScan, type ScanResult } from '../../src/capabilities/scan/engine/run-scan.js';
import type { RuleName } from '../../src/capabilities/scan/engine/checks/all-checks.js';
import { SecretRegistry } from '../../src/safety/secret-registry.js';
import { VariableScope } from '../../src/workspace/variable-scope.js';
import { closeServer, listenOnLoopback } from './loopback-server.js';
import { readText, sendJson } from './nonconforming-api/json-exchange.js';

/**
 * How the API checks a bearer token. Only `verified` is right:
 * - `unsigned-accepted`: takes `alg: none` tokens without a signature;
 * - `signature-ignored`: reads the claims, never the signature;
 * - `expiry-ignored`: checks the signature, never `exp`;
 * - `any-bearer`: any bearer token lets the first user in.
 */
export type TokenCheck = 'verified' | 'unsigned-accepted' | 'signature-ignored' | 'expiry-ignored' | 'any-bearer';

export interface TokenApiOptions {
  tokenCheck?: TokenCheck;
  /** The HS256 secret tokens are signed with; default 32 random bytes. */
  secret?: string;
  /** Paths that forget to ask for a token at all. */
  unguarded?: string[];
  /** Refusals as `200 {"error": …}` rather than 401. */
  refuseWith200?: boolean;
  /** Failed logins for one account before the login answers 429; default never. */
  loginLimit?: number;
}

export const USERS = [
  { id: 1, username: 'alice', password: 'alice-password-31', email: 'alice@example.test' },
  { id: 2, username: 'bob', password: 'bob-password-47', email: 'bob@example.test' },
];

const userSchema = { type: 'object', properties: { id: { type: 'integer' }, username: { type: 'string' }, email: { type: 'string' } } };

/** The API's OpenAPI document: a login, `/me` and `/orders` behind bearer auth, and a public `/status`. */
export const TOKEN_API_SPEC = {
  openapi: '3.0.3',
  info: { title: 'Token API', version: '1.0.0' },
  components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  security: [{ bearerAuth: [] }],
  paths: {
    '/auth/login': {
      post: {
        security: [],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['username', 'password'], properties: { username: { type: 'string' }, password: { type: 'string' } } },
            },
          },
        },
        responses: { '200': { description: 'A token' }, '401': { description: 'Wrong password' }, '429': { description: 'Too many failed logins' } },
      },
    },
    '/me': {
      get: { responses: { '200': { description: 'The caller', content: { 'application/json': { schema: userSchema } } }, '401': { description: 'No token' } } },
    },
    '/orders': {
      get: {
        responses: {
          '200': { description: "The caller's orders", content: { 'application/json': { schema: { type: 'array', items: { type: 'object' } } } } },
          '401': { description: 'No token' },
        },
      },
    },
    '/status': { get: { security: [], responses: { '200': { description: 'Up', content: { 'application/json': { schema: { type: 'object' } } } } } } },
  },
};

export function signToken(payload: Record<string, unknown>, secret: string, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }): string {
  const input = `${part(header)}.${part(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** A token for a user as the API issues it: an hour to live. */
export function userToken(user: (typeof USERS)[number], secret: string): string {
  const iat = Math.floor(Date.now() / 1000);
  return signToken({ sub: user.id, username: user.username, iat, exp: iat + 3600 }, secret);
}

/** The token API on a handler; its secret is `options.secret` or a fresh random one. */
export function tokenApi(options: TokenApiOptions = {}): { handler: RequestListener; secret: string } {
  const secret = options.secret ?? randomBytes(32).toString('hex');
  const failures = new Map<string, number>();
  const refuse = (res: ServerResponse) =>
    options.refuseWith200
      ? sendJson(res, 200, { error: 'a valid bearer token is required' })
      : sendJson(res, 401, { error: 'a valid bearer token is required' });

  const handler: RequestListener = (req, res) => {
    void (async () => {
      const body = await readText(req);
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method === 'POST' && url.pathname === '/auth/login') {
        const { username, password } = JSON.parse(body || '{}') as { username?: string; password?: string };
        const user = USERS.find((candidate) => candidate.username === username);
        if (options.loginLimit !== undefined && (failures.get(username ?? '') ?? 0) >= options.loginLimit)
          return sendJson(res, 429, { error: 'too many failed logins' }, { 'retry-after': '30' });
        if (!user || user.password !== password) {
          failures.set(username ?? '', (failures.get(username ?? '') ?? 0) + 1);
          return sendJson(res, 401, { error: 'wrong username or password' });
        }
        return sendJson(res, 200, { token: userToken(user, secret) });
      }
      if (req.method === 'GET' && url.pathname === '/status') return sendJson(res, 200, { status: 'up', version: '1.0.0' });
      const caller = options.unguarded?.includes(url.pathname) ? USERS[0] : callerOf(req, secret, options.tokenCheck ?? 'verified');
      if (!caller) return refuse(res);
      if (req.method === 'GET' && url.pathname === '/me') return sendJson(res, 200, { id: caller.id, username: caller.username, email: caller.email });
      if (req.method === 'GET' && url.pathname === '/orders') return sendJson(res, 200, [{ id: 10 + caller.id, item: 'Brass lamp', userId: caller.id }]);
      sendJson(res, 404, { error: 'not found' });
    })();
  };
  return { handler, secret };
}

function callerOf(req: IncomingMessage, secret: string, check: TokenCheck): (typeof USERS)[number] | undefined {
  const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (!token) return undefined;
  if (check === 'any-bearer') return USERS[0];
  const [header, payload, signature = ''] = token.split('.');
  const claims = decodePart(payload);
  const alg = decodePart(header)?.alg;
  if (!claims || typeof alg !== 'string') return undefined;
  const unsignedOk = check === 'unsigned-accepted' && alg.toLowerCase() === 'none';
  const expected = Buffer.from(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url'));
  const signed = alg === 'HS256' && expected.length === signature.length && timingSafeEqual(expected, Buffer.from(signature));
  if (!unsignedOk && !signed && check !== 'signature-ignored') return undefined;
  if (check !== 'expiry-ignored' && (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now())) return undefined;
  return USERS.find((user) => user.id === claims.sub);
}

function decodePart(text: string | undefined): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(Buffer.from(text ?? '', 'base64url').toString('utf8')) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function part(value: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export interface ApiScan {
  handler: RequestListener;
  /** The OpenAPI document; default TOKEN_API_SPEC. */
  spec?: Record<string, unknown>;
  checks: RuleName[];
  users?: string[];
  tokens?: string[];
  allowDestructive?: boolean;
}

/** Serves `handler` on a loopback port, writes the spec to a temp project and scans it; the registry is returned to check masking. */
export async function scanApi({
  handler,
  spec = TOKEN_API_SPEC,
  checks,
  users,
  tokens,
  allowDestructive,
}: ApiScan): Promise<ScanResult & { secrets: SecretRegistry }> {
  const projectRoot = await mkdtemp(path.join(os.tmpdir(), 'falcon-auth-scan-'));
  const server = createServer(handler);
  const secrets = new SecretRegistry();
  try {
    const baseUrl = await listenOnLoopback(server);
    const specFile = path.join(projectRoot, 'openapi.json');
    await writeFile(specFile, JSON.stringify(spec));
    const result = await runScan(
      {
        projectRoot,
        spec: specFile,
        baseUrl,
        variables: new VariableScope(projectRoot, {}),
        secrets,
        checks,
        rate: 1000,
        ...(users && { users }),
        ...(tokens && { tokens }),
        ...(allowDestructive && { allowDestructive }),
      },
      ALL_CHECKS,
    );
    return { ...result, secrets };
  } finally {
    await closeServer(server);
    await rm(projectRoot, { recursive: true, force: true });
  }
}

/** The findings as they would be written, to look for secrets in. */
export function findingsText(result: ScanResult): string {
  return JSON.stringify(result.findings) + JSON.stringify(result.notes);
}
