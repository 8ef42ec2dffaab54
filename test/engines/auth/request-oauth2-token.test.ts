import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthError } from '../../../src/engines/auth/auth-header.js';
import { decodeJwt } from '../../../src/engines/auth/decode-jwt.js';
import { type OAuth2TokenRequest, requestOAuth2Token } from '../../../src/engines/auth/request-oauth2-token.js';
import { unusedPort } from '../../apis/http-test-server.js';
import { CLIENT_ID, CLIENT_SECRET, type OAuth2TestServer, REFRESH_TOKEN, USER, startOAuth2Server } from '../../apis/oauth2-test-server.js';

let server: OAuth2TestServer;
beforeAll(async () => {
  server = await startOAuth2Server();
});
afterAll(() => server.close());

const request = (overrides: Partial<OAuth2TokenRequest>) =>
  requestOAuth2Token({ grant: 'client_credentials', tokenUrl: `${server.url}/token`, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...overrides });
const lastCall = () => server.calls[server.calls.length - 1]!;

describe('requestOAuth2Token', () => {
  it('client_credentials with the client in a form-encoded Basic header (the default with a secret)', async () => {
    const started = Date.now();
    const token = await request({ scope: 'orders:read orders:write', audience: 'https://api.example' });
    expect(token).toMatchObject({ tokenType: 'bearer', expiresInSeconds: 3600, scope: 'orders:read orders:write', status: 200 });
    expect(token.refreshToken).toBeUndefined();
    expect(token.expiresAt!.getTime()).toBeGreaterThanOrEqual(started + 3600_000);
    expect(decodeJwt(token.accessToken).payload).toMatchObject({ sub: CLIENT_ID, aud: 'https://api.example' });
    expect(lastCall()).toEqual({
      authorization: `Basic ${Buffer.from('falcon+app:s3cr3t%3A%2B%2F+x').toString('base64')}`,
      contentType: 'application/x-www-form-urlencoded',
      accept: 'application/json',
      form: { grant_type: 'client_credentials', scope: 'orders:read orders:write', audience: 'https://api.example' },
    });
  });

  it('client_credentials with the client in the form body', async () => {
    const token = await request({ clientAuth: 'body' });
    expect(token.accessToken).toMatch(/^eyJ/);
    expect(lastCall().authorization).toBeUndefined();
    expect(lastCall().form).toEqual({ grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
  });

  it('password grant returns a refresh token', async () => {
    const token = await request({ grant: 'password', ...USER });
    expect(token.refreshToken).toBe(REFRESH_TOKEN);
    expect(decodeJwt(token.accessToken).payload.sub).toBe('ada');
    expect(lastCall().form).toEqual({ grant_type: 'password', username: 'ada', password: 'lovelace' });
  });

  it('refresh_token grant exchanges a refresh token for new tokens', async () => {
    const token = await request({ grant: 'refresh_token', refreshToken: REFRESH_TOKEN });
    expect(token.refreshToken).toBe(`${REFRESH_TOKEN}-next`);
    expect(lastCall().form).toEqual({ grant_type: 'refresh_token', refresh_token: REFRESH_TOKEN });
  });

  it('explains invalid_client, invalid_grant and unsupported grants in plain words', async () => {
    await expect(request({ clientSecret: 'wrong' })).rejects.toThrow(
      new AuthError(
        'the token endpoint refused the request (HTTP 401, invalid_client: Client authentication failed) — the server did not accept ' +
          'the client credentials: check client_id and client_secret, or try client_auth: "body" if the server expects them the other way',
      ),
    );
    await expect(request({ grant: 'password', username: 'ada', password: 'nope' })).rejects.toThrow(
      /HTTP 400, invalid_grant: Invalid user credentials\) — the username or password was refused$/,
    );
    await expect(request({ grant: 'refresh_token', refreshToken: 'used-up' })).rejects.toThrow(
      /the refresh token is invalid, expired, revoked or already used/,
    );
  });

  it('explains a bare 401, a body without access_token, and a missing endpoint', async () => {
    await expect(request({ tokenUrl: `${server.url}/plain-401` })).rejects.toThrow(
      'the token endpoint refused the request (HTTP 401) — the client credentials were refused: check client_id and client_secret (sent as a Basic header)',
    );
    await expect(request({ tokenUrl: `${server.url}/no-token` })).rejects.toThrow(
      'the token endpoint answered HTTP 200 without an access_token (fields: message)',
    );
    await expect(request({ tokenUrl: `${server.url}/missing` })).rejects.toThrow(
      'the token endpoint refused the request (HTTP 404, not found) — is token_url the token endpoint? It must accept POST',
    );
    const port = await unusedPort();
    await expect(request({ tokenUrl: `http://127.0.0.1:${port}/token` })).rejects.toThrow(
      /^token request failed: could not connect to http:\/\/127\.0\.0\.1:\d+: connection refused/,
    );
  });

  it('reads form-encoded answers and expires_in given as a string', async () => {
    expect(await request({ tokenUrl: `${server.url}/form-token` })).toMatchObject({ accessToken: 'gho_formtoken123456', scope: 'repo' });
    const opaque = await request({ tokenUrl: `${server.url}/opaque` });
    expect(opaque.expiresInSeconds).toBe(120);
  });
});
