import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTool } from '../../../../src/capabilities/requests/tools/auth.js';
import type { ToolContext } from '../../../../src/kit/tool/tool.js';
import { ToolError } from '../../../../src/kit/tool/tool.js';
import { validateToolArgs } from '../../../../src/kit/tool/validate-args.js';
import { VariableScope } from '../../../../src/workspace/variable-scope.js';
import { makeJwt, nowInSeconds } from '../../../engines/auth/make-jwt.js';
import { CLIENT_ID, CLIENT_SECRET, type OAuth2TestServer, REFRESH_TOKEN, USER, startOAuth2Server } from '../../../apis/oauth2-test-server.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let project: TempProject;
let server: OAuth2TestServer;
beforeAll(async () => {
  project = await createTempProject();
  server = await startOAuth2Server();
});
afterAll(async () => {
  await server.close();
  await project.remove();
});

type Args = Parameters<typeof authTool.run>[0];
const SECRET_TOKEN = 'tok_0123456789abcdefghij';
function context(env: NodeJS.ProcessEnv = {}): ToolContext {
  return { ...toolContext(project.root), variables: new VariableScope(project.root, env) };
}
const run = (args: Args, ctx = context()) => authTool.run(args, ctx);

describe('auth: headers', () => {
  it('bearer saves "Bearer <token>" as AUTH_HEADER and says how to use it, token masked', async () => {
    const ctx = context({ API_TOKEN: SECRET_TOKEN });
    const output = await run({ action: 'bearer', token: '{{env:API_TOKEN}}' }, ctx);
    expect(output).toBe(
      'Saved the bearer header (Bearer tok_…(masked)) as session variable AUTH_HEADER.\nUse it: headers: {"Authorization": "{{AUTH_HEADER}}"}',
    );
    expect(await ctx.variables.resolve('{{AUTH_HEADER}}')).toBe(`Bearer ${SECRET_TOKEN}`);
  });

  it('basic saves the Basic header, under save_as when given', async () => {
    const ctx = context();
    const output = await run({ action: 'basic', username: 'ada', password: 'lovelace', save_as: 'ADMIN_AUTH' }, ctx);
    expect(output).toBe(
      'Saved the Basic auth header for user "ada" (Basic …(masked)) as session variable ADMIN_AUTH.\nUse it: headers: {"Authorization": "{{ADMIN_AUTH}}"}',
    );
    expect(ctx.variables.session.get('ADMIN_AUTH')).toBe(`Basic ${Buffer.from('ada:lovelace').toString('base64')}`);
  });

  it('api_key saves the key as API_KEY, for a header or a query parameter', async () => {
    const ctx = context();
    expect(await run({ action: 'api_key', key: SECRET_TOKEN }, ctx)).toBe(
      'Saved the API key (tok_…(masked)) as session variable API_KEY.\nUse it: headers: {"X-API-Key": "{{API_KEY}}"}',
    );
    expect(await run({ action: 'api_key', key: 'k1', header: 'Api-Token', save_as: 'K' }, ctx)).toContain('Use it: headers: {"Api-Token": "{{K}}"}');
    expect(await run({ action: 'api_key', key: 'k2', query: 'api_key', save_as: 'Q' }, ctx)).toContain('Use it: query: {"api_key": "{{Q}}"}');
    expect([...ctx.variables.session]).toEqual([
      ['API_KEY', SECRET_TOKEN],
      ['K', 'k1'],
      ['Q', 'k2'],
    ]);
  });

  it('turns unusable values and unknown variables into tool errors, saving nothing', async () => {
    const ctx = context();
    await expect(run({ action: 'bearer', token: 'two words' }, ctx)).rejects.toThrow(
      new ToolError('the token contains spaces or line breaks; give the token alone'),
    );
    await expect(run({ action: 'basic', username: 'a:b', password: 'x' }, ctx)).rejects.toThrow(ToolError);
    await expect(run({ action: 'bearer', token: '{{NOPE}}' }, ctx)).rejects.toThrow(
      new ToolError('unknown variable {{NOPE}}: not set in the session or .falcon/variables.json (no environment is active)'),
    );
    expect(ctx.variables.session.size).toBe(0);
  });
});

describe('auth: oauth2', () => {
  const oauth2 = (args: Partial<Args>): Args => ({
    action: 'oauth2',
    grant: 'client_credentials',
    token_url: `${server.url}/token`,
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
    ...args,
  });

  it('client_credentials (Basic client auth): saves ACCESS_TOKEN, masks it, says when it expires and how to use it', async () => {
    const ctx = context();
    const output = await run(oauth2({ scope: 'orders:read' }), ctx);
    const token = ctx.variables.session.get('ACCESS_TOKEN')!;
    expect(token).toMatch(/^eyJ/);
    expect(output.split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(`^Got an access token \\(client_credentials grant\\): HTTP 200 from ${server.url}/token in (?:\\d+ ms|[\\d.]+ s|\\d+ min(?: \\d+ s)?)\\.$`),
      ),
      expect.stringMatching(/^Access token: eyJh…\(masked\) \(bearer\), expires in 60 minutes \(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\); scope: orders:read\.$/),
      'Saved as session variable: ACCESS_TOKEN (access token).',
      'Use it: headers: {"Authorization": "Bearer {{ACCESS_TOKEN}}"}',
      'It is a JWT: auth with action "parse_jwt", token "{{ACCESS_TOKEN}}" shows its claims.',
    ]);
    expect(output).not.toContain(token);
    expect(server.calls.at(-1)!.authorization).toMatch(/^Basic /);
  });

  it('client_credentials with client_auth body, every field resolved from {{VAR}}', async () => {
    const ctx = context({ CLIENT_SECRET });
    ctx.variables.session.set('AUTH_URL', server.url);
    ctx.variables.session.set('CLIENT', CLIENT_ID);
    await run(oauth2({ token_url: '{{AUTH_URL}}/token', client_id: '{{CLIENT}}', client_secret: '{{env:CLIENT_SECRET}}', client_auth: 'body' }), ctx);
    expect(server.calls.at(-1)).toMatchObject({ authorization: undefined, form: { client_id: CLIENT_ID, client_secret: CLIENT_SECRET } });
    expect(ctx.variables.session.get('ACCESS_TOKEN')).toMatch(/^eyJ/);
  });

  it('password grant saves the refresh token too; refresh_token grant uses it through {{REFRESH_TOKEN}}', async () => {
    const ctx = context({ USER_PASSWORD: USER.password });
    const output = await run(oauth2({ grant: 'password', username: USER.username, password: '{{env:USER_PASSWORD}}' }), ctx);
    expect(output).toContain('Refresh token: refr…(masked).');
    expect(output).toContain('Saved as session variables: ACCESS_TOKEN (access token), REFRESH_TOKEN (refresh token).');
    expect(output).toContain('Renew it: auth with action "oauth2", grant "refresh_token", refresh_token "{{REFRESH_TOKEN}}"');
    expect(output).not.toContain(REFRESH_TOKEN);
    expect(ctx.variables.session.get('REFRESH_TOKEN')).toBe(REFRESH_TOKEN);

    await run(oauth2({ grant: 'refresh_token', refresh_token: '{{REFRESH_TOKEN}}', save_as: 'ADMIN_TOKEN' }), ctx);
    expect(server.calls.at(-1)!.form).toEqual({ grant_type: 'refresh_token', refresh_token: REFRESH_TOKEN });
    expect(ctx.variables.session.get('ADMIN_REFRESH_TOKEN')).toBe(`${REFRESH_TOKEN}-next`);
    expect(ctx.variables.session.get('ADMIN_TOKEN')).toMatch(/^eyJ/);
  });

  it('explains invalid_client plainly, shows no secret, and saves nothing', async () => {
    const ctx = context();
    const error = (await run(oauth2({ client_secret: 'wrong-secret-value' }), ctx).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(ToolError);
    expect(error.message).toBe(
      'the token endpoint refused the request (HTTP 401, invalid_client: Client authentication failed) — the server did not accept ' +
        'the client credentials: check client_id and client_secret, or try client_auth: "body" if the server expects them the other way',
    );
    expect(ctx.variables.session.size).toBe(0);
    await expect(run(oauth2({ grant: 'password', username: 'ada', password: 'bad' }), ctx)).rejects.toThrow(/the username or password was refused$/);
  });
});

describe('auth: parse_jwt', () => {
  it('shows expiry, issue time, subject, audience and scopes in plain words, unverified', async () => {
    const now = nowInSeconds();
    const token = makeJwt({
      sub: 'user-7',
      iss: 'https://auth.example',
      aud: 'orders',
      scope: 'orders:read',
      iat: now - 600,
      exp: now + 14 * 60,
      name: 'Ada',
      password: 'hunter2',
    });
    const output = await run({ action: 'parse_jwt', token });
    expect(output.split('\n')).toEqual([
      expect.stringMatching(/^JWT expires in 14 minutes \(.+ UTC\)\. Decoded only: the signature was NOT verified\.$/),
      'Header: {"alg":"HS256","typ":"JWT"}',
      expect.stringMatching(/^Issued: 10 minutes ago \(.+ UTC\)$/),
      'Subject: user-7',
      'Issuer: https://auth.example',
      'Audience: orders',
      'Scopes: orders:read',
      'Other claims: {"name":"Ada","password":"[masked]"}',
    ]);
  });

  it('says plainly when a token has expired, and reads a token from a variable', async () => {
    const ctx = context();
    ctx.variables.session.set('ACCESS_TOKEN', makeJwt({ exp: nowInSeconds() - 2 * 3600 }));
    expect(await run({ action: 'parse_jwt', token: '{{ACCESS_TOKEN}}' }, ctx)).toMatch(/^JWT EXPIRED 2 hours ago \(.+ UTC\)\. Decoded only/);
    expect(await run({ action: 'parse_jwt', token: makeJwt({ sub: 'x' }) })).toMatch(/^JWT never expires \(no exp claim\)\./);
  });

  it('refuses a malformed token with a clear error', async () => {
    await expect(run({ action: 'parse_jwt', token: 'abc.def' })).rejects.toThrow(
      new ToolError('not a JWT: a JWT has 3 parts separated by dots (header.payload.signature), this has 2'),
    );
    await expect(run({ action: 'parse_jwt', token: 'e30.bm90IGpzb24.sig' })).rejects.toThrow(new ToolError('not a JWT: its payload does not decode to JSON'));
  });
});

describe('auth: arguments', () => {
  const problems = (args: Record<string, unknown>) => {
    const result = validateToolArgs(authTool, args);
    return result.ok ? 'ok' : result.problems;
  };

  it('names what each action needs and what it does not use', () => {
    expect(problems({ action: 'bearer' })).toBe('token: missing (needed by action "bearer")');
    expect(problems({ action: 'basic', username: 'ada', token: 'x' })).toBe('password: missing (needed by action "basic"); token: not used by action "basic"');
    expect(problems({ action: 'api_key', key: 'k', header: 'X-Key', query: 'key' })).toBe('query: give header or query, not both');
    expect(problems({ action: 'api_key', key: 'k', header: 'X Key' })).toBe('header: not a valid header name');
    expect(problems({ action: 'oauth2' })).toBe(
      'grant: missing (needed by action "oauth2"); token_url: missing (needed by action "oauth2"); client_id: missing (needed by action "oauth2")',
    );
    expect(problems({ action: 'oauth2', grant: 'password', token_url: 'u', client_id: 'c' })).toBe(
      'username: missing (needed by oauth2 grant "password"); password: missing (needed by oauth2 grant "password")',
    );
    expect(problems({ action: 'oauth2', grant: 'refresh_token', token_url: 'u', client_id: 'c', username: 'ada' })).toBe(
      'refresh_token: missing (needed by oauth2 grant "refresh_token"); username: not used by grant "refresh_token"',
    );
    expect(problems({ action: 'oauth2', grant: 'implicit', token_url: 'u', client_id: 'c', client_auth: 'header' })).toBe(
      'grant: expected one of "client_credentials", "password", "refresh_token", received "implicit"; ' +
        'client_auth: expected one of "basic", "body", received "header"',
    );
    expect(problems({ action: 'parse_jwt', token: 't', save_as: 'X' })).toBe('save_as: not used by action "parse_jwt"');
    expect(problems({ action: 'bearer', token: 't', save_as: '{{X}}' })).toBe('save_as: not a variable name (letters, digits, _ . -)');
    expect(problems({ action: 'login' })).toBe('action: expected one of "bearer", "basic", "api_key", "oauth2", "parse_jwt", received "login"');
    expect(problems({ action: 'bearer', token: 't', tokn: 'x' })).toMatch(/^unknown key "tokn" \(known: action, token, /);
  });
});
