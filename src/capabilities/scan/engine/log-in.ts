import type { SecretRegistry } from '../../../safety/secret-registry.js';
import type { Identity } from './identity.js';
import type { LoginOperation } from './login-operation.js';
import type { ScanClient } from './scan-client.js';
import { headerValue, jsonBody } from './scan-exchange.js';
import { ScanUsageError } from './scan-usage-error.js';

const TOKEN_FIELDS = ['token', 'access_token', 'accessToken', 'jwt', 'id_token', 'idToken'];

/** `NAME:SECRET` as `--user` and `--token` take it; the secret may hold colons. */
export function splitCredential(text: string, option: string): { name: string; secret: string } {
  const colon = text.indexOf(':');
  if (colon <= 0 || colon === text.length - 1) throw new ScanUsageError(`${option} "${text.slice(0, colon > 0 ? colon : undefined)}…" is not NAME:SECRET`);
  return { name: text.slice(0, colon), secret: text.slice(colon + 1) };
}

export function tokenIdentity(name: string, token: string, secrets: SecretRegistry): Identity {
  secrets.register(token, `token of ${name}`);
  return { name, headers: { authorization: `Bearer ${token}` }, token };
}

/** Logs a user in through the login operation; its token (or session cookie) is registered as a secret. */
export async function logIn(client: ScanClient, login: LoginOperation, username: string, password: string, secrets: SecretRegistry): Promise<Identity> {
  secrets.register(password, `password of ${username}`);
  const body = { [login.usernameField]: username, [login.passwordField]: password };
  const { response } = await client.send({ method: login.operation.method, path: login.operation.path, body });
  const answer = jsonBody(response);
  const found = tokenIn(answer, '');
  if (response.status >= 200 && response.status < 300 && found) {
    const { token, path } = found;
    secrets.register(token, `token of ${username}`);
    return {
      name: username,
      headers: { authorization: `Bearer ${token}` },
      token,
      login: { username, password, operation: login, answer, credential: { token: path } },
    };
  }
  const cookie = headerValue(response, 'set-cookie')?.split(';')[0];
  if (response.status >= 200 && response.status < 300 && cookie) {
    const name = cookie.slice(0, cookie.indexOf('='));
    secrets.register(cookie.slice(cookie.indexOf('=') + 1), `session of ${username}`);
    return { name: username, headers: { cookie }, login: { username, password, operation: login, answer, credential: { cookie: name } } };
  }
  throw new ScanUsageError(
    `could not log in as ${username} with ${login.operation.method} ${login.operation.path}: HTTP ${response.status}${response.status < 300 ? ', and no token or session cookie in the answer' : ''} — check the password, or give --token ${username}:TOKEN`,
  );
}

/** A token in the login answer and its jq path: a known field at the top (`.token`), or one level down (`.data.token`). */
function tokenIn(body: unknown, path: string): { token: string; path: string } | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  for (const field of TOKEN_FIELDS) if (typeof record[field] === 'string') return { token: record[field], path: `${path}.${field}` };
  for (const [key, value] of Object.entries(record)) {
    const nested = value && typeof value === 'object' && path === '' && /^[A-Za-z_]\w*$/.test(key) ? tokenIn(value, `.${key}`) : undefined;
    if (nested) return nested;
  }
  return undefined;
}
