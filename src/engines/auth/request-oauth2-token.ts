import { HttpRequestError, type HttpResponse, sendRequest } from '../http/send-request.js';
import { AuthError } from './auth-header.js';
import { decodeJwt, readJwtClaims } from './decode-jwt.js';
import { explainTokenError } from './oauth2-errors.js';
import type { ClientAuthMethod, OAuth2Grant } from './oauth2-grant.js';

export interface OAuth2TokenRequest {
  grant: OAuth2Grant;
  tokenUrl: string;
  clientId: string;
  clientSecret?: string;
  /** Default: `basic` when there is a secret (RFC 6749 §2.3.1: every server must accept it), else `body`. */
  clientAuth?: ClientAuthMethod;
  /** For the password grant. */
  username?: string;
  password?: string;
  /** For the refresh_token grant. */
  refreshToken?: string;
  scope?: string;
  /** Not in RFC 6749, but Auth0 and others require it to pick the API the token is for. */
  audience?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface OAuth2Token {
  accessToken: string;
  tokenType: string;
  expiresInSeconds?: number;
  /** From expires_in, else from the access token's own `exp` when it is a JWT. */
  expiresAt?: Date;
  refreshToken?: string;
  scope?: string;
  idToken?: string;
  status: number;
  durationMs: number;
}

/** Asks a token endpoint for an access token (RFC 6749 §4.3, §4.4, §6). */
export async function requestOAuth2Token(input: OAuth2TokenRequest): Promise<OAuth2Token> {
  const clientAuth = input.clientAuth ?? (input.clientSecret === undefined ? 'body' : 'basic');
  const response = await sendRequest({
    method: 'POST',
    url: input.tokenUrl,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      ...(clientAuth === 'basic' && { authorization: clientBasicHeader(input.clientId, input.clientSecret ?? '') }),
    },
    body: tokenForm(input, clientAuth).toString(),
    timeoutMs: input.timeoutMs,
    signal: input.signal,
  }).catch((error: unknown) => {
    if (error instanceof HttpRequestError) throw new AuthError(`token request failed: ${error.message}`);
    throw error;
  });
  const fields = readFields(response);
  if (response.status < 200 || response.status >= 300 || typeof fields.error === 'string') {
    throw new AuthError(explainTokenError(response, fields, { grant: input.grant, clientAuth, scope: input.scope }));
  }
  return readToken(response, fields);
}

function tokenForm(input: OAuth2TokenRequest, clientAuth: ClientAuthMethod): URLSearchParams {
  const form = new URLSearchParams({ grant_type: input.grant });
  if (input.grant === 'password') {
    form.set('username', input.username ?? '');
    form.set('password', input.password ?? '');
  }
  if (input.grant === 'refresh_token') form.set('refresh_token', input.refreshToken ?? '');
  if (input.scope) form.set('scope', input.scope);
  if (input.audience) form.set('audience', input.audience);
  if (clientAuth === 'body') {
    form.set('client_id', input.clientId);
    if (input.clientSecret !== undefined) form.set('client_secret', input.clientSecret);
  }
  return form;
}

/** RFC 6749 §2.3.1: id and secret are form-encoded before they are joined and base64-encoded. */
function clientBasicHeader(clientId: string, clientSecret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64')}`;
}

/** JSON as the RFC says; form-encoded as some servers (GitHub) answer. */
function readFields(response: HttpResponse): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(response.body);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    const contentType = String(response.headers['content-type'] ?? '');
    return /x-www-form-urlencoded/i.test(contentType) ? Object.fromEntries(new URLSearchParams(response.body)) : {};
  }
}

function readToken(response: HttpResponse, fields: Record<string, unknown>): OAuth2Token {
  const accessToken = fields.access_token;
  if (typeof accessToken !== 'string' || !accessToken) {
    const keys = Object.keys(fields);
    throw new AuthError(
      `the token endpoint answered HTTP ${response.status} without an access_token ` +
        `(${keys.length > 0 ? `fields: ${keys.join(', ')}` : 'the body is not a JSON object'})`,
    );
  }
  const expiresInSeconds = positiveNumber(fields.expires_in);
  return {
    accessToken,
    tokenType: typeof fields.token_type === 'string' && fields.token_type ? fields.token_type : 'Bearer',
    expiresInSeconds,
    expiresAt: expiresInSeconds === undefined ? jwtExpiry(accessToken) : new Date(Date.now() + expiresInSeconds * 1000),
    refreshToken: optionalText(fields.refresh_token),
    scope: optionalText(fields.scope),
    idToken: optionalText(fields.id_token),
    status: response.status,
    durationMs: response.durationMs,
  };
}

function positiveNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number : undefined;
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

function jwtExpiry(token: string): Date | undefined {
  try {
    return readJwtClaims(decodeJwt(token)).expiresAt;
  } catch {
    return undefined; // an opaque token: its lifetime is unknown
  }
}
