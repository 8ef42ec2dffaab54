import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeJwt, nowInSeconds } from '../engines/auth/make-jwt.js';

export const CLIENT_ID = 'falcon app';
/** Characters that RFC 6749 §2.3.1 form-encoding changes, so that a client that skips it fails. */
export const CLIENT_SECRET = 's3cr3t:+/ x';
export const USER = { username: 'ada', password: 'lovelace' };
export const REFRESH_TOKEN = 'refresh-token-0123456789';

export interface TokenCall {
  authorization?: string;
  contentType?: string;
  accept?: string;
  form: Record<string, string>;
}

export interface OAuth2TestServer {
  url: string;
  /** Every request the token endpoint received, in order. */
  calls: TokenCall[];
  close(): Promise<void>;
}

/** A token endpoint of our own on loopback, strict as RFC 6749 asks. */
export async function startOAuth2Server(): Promise<OAuth2TestServer> {
  const calls: TokenCall[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      calls.push({ authorization: req.headers.authorization, contentType: req.headers['content-type'], accept: req.headers.accept, form });
      route(req, res, form);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function route(req: http.IncomingMessage, res: http.ServerResponse, form: Record<string, string>): void {
  const json = (status: number, value: unknown, headers: http.OutgoingHttpHeaders = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
    res.end(JSON.stringify(value));
  };
  switch (req.url) {
    case '/token':
      return issueToken(req, form, json);
    case '/plain-401':
      res.writeHead(401, { 'content-type': 'text/plain' });
      return void res.end('Unauthorized');
    case '/form-token': // how GitHub answers without Accept: application/json
      res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' });
      return void res.end('access_token=gho_formtoken123456&token_type=bearer&scope=repo');
    case '/no-token':
      return json(200, { message: 'hello' });
    case '/opaque':
      return json(200, { access_token: 'opaque-token-abcdef123456', token_type: 'bearer', expires_in: '120' });
    default:
      return json(404, { error: 'not found' });
  }
}

type Reply = (status: number, value: unknown, headers?: http.OutgoingHttpHeaders) => void;

function issueToken(req: http.IncomingMessage, form: Record<string, string>, reply: Reply): void {
  const fromHeader = readBasic(req.headers.authorization);
  const fromBody = form.client_id === undefined ? undefined : { id: form.client_id, secret: form.client_secret };
  if (fromHeader && fromBody?.secret !== undefined) {
    return reply(400, { error: 'invalid_request', error_description: 'more than one client authentication method' });
  }
  const client = fromHeader ?? fromBody;
  if (client?.id !== CLIENT_ID || client.secret !== CLIENT_SECRET) {
    return reply(401, { error: 'invalid_client', error_description: 'Client authentication failed' }, { 'www-authenticate': 'Basic realm="token"' });
  }
  const token = (extra: Record<string, unknown> = {}) => ({
    access_token: makeJwt({
      sub: form.username ?? CLIENT_ID,
      scope: form.scope ?? 'read',
      aud: form.audience,
      iat: nowInSeconds(),
      exp: nowInSeconds() + 3600,
    }),
    token_type: 'bearer',
    expires_in: 3600,
    ...(form.scope && { scope: form.scope }),
    ...extra,
  });
  switch (form.grant_type) {
    case 'client_credentials':
      return reply(200, token());
    case 'password':
      if (form.username !== USER.username || form.password !== USER.password) {
        return reply(400, { error: 'invalid_grant', error_description: 'Invalid user credentials' });
      }
      return reply(200, token({ refresh_token: REFRESH_TOKEN }));
    case 'refresh_token':
      if (form.refresh_token !== REFRESH_TOKEN) return reply(400, { error: 'invalid_grant', error_description: 'Token is not active' });
      return reply(200, token({ refresh_token: `${REFRESH_TOKEN}-next` }));
    default:
      return reply(400, { error: 'unsupported_grant_type' });
  }
}

/** RFC 6749 §2.3.1: base64 of form-encoded id ":" form-encoded secret. */
function readBasic(header: string | undefined): { id: string; secret: string } | undefined {
  if (!header?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
  return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
}
