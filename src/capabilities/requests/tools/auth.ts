import { AuthError, basicHeader, bearerHeader, checkApiKey } from '../../../engines/auth/auth-header.js';
import { decodeJwt, isJwt, readJwtClaims } from '../../../engines/auth/decode-jwt.js';
import { maskToken } from '../../../engines/auth/mask-token.js';
import { requestOAuth2Token } from '../../../engines/auth/request-oauth2-token.js';
import { UnknownVariableError } from '../../../workspace/variable-scope.js';
import { type AuthArgs, authSchema } from './auth-args.js';
import { authSecretArguments } from './auth-secret-arguments.js';
import { describeJwt, describeOAuth2Token } from './auth-observations.js';
import { otherOriginPreview } from '../../../kit/tool-support/request-origin.js';
import { type ToolContext, ToolError, defineTool } from '../../../kit/tool/tool.js';
import { maskText } from '../../../safety/mask-text.js';

/** Fields that may hold `{{VAR}}` placeholders; names, enums and save_as are taken as written. */
const RESOLVED_FIELDS = ['token', 'username', 'password', 'key', 'token_url', 'client_id', 'client_secret', 'refresh_token', 'scope', 'audience'] as const;
const DEFAULT_API_KEY_HEADER = 'X-API-Key';

export const authTool = defineTool({
  name: 'auth',
  description: 'Save a bearer, basic or API-key auth header as a {{VAR}}, get an OAuth2 token, or decode a JWT.',
  schema: authSchema,
  kind: 'network',
  // The headers it saves are session variables, in memory; an OAuth2 token is asked for with a POST.
  readOnly: (args) => (args.action === 'oauth2' ? 'requests a token with a POST' : undefined),
  approvalWhen: 'when a token is requested from outside BASE_URL’s origin',
  secretArguments: authSecretArguments,
  async preview(args, ctx) {
    if (args.action !== 'oauth2' || !args.token_url) return undefined;
    const url = await ctx.variables.resolve(args.token_url).catch(() => undefined);
    return url === undefined ? undefined : otherOriginPreview({ what: 'a token request', url, carries: args }, ctx);
  },
  async run(args, ctx) {
    try {
      const resolved = await resolvePlaceholders(args, ctx);
      return await runAction(resolved, ctx);
    } catch (error) {
      if (error instanceof AuthError || error instanceof UnknownVariableError) throw new ToolError(maskText(error.message));
      throw error;
    }
  },
});

async function runAction(args: AuthArgs, ctx: ToolContext): Promise<string> {
  const save = (name: string, value: string) => ctx.variables.session.set(name, value);
  switch (args.action) {
    case 'bearer': {
      const name = args.save_as ?? 'AUTH_HEADER';
      const header = bearerHeader(args.token!);
      // Named as a saved request would name it: `Authorization: Bearer {{API_TOKEN}}`.
      ctx.secrets.register(header.slice('Bearer '.length), 'API_TOKEN');
      save(name, header);
      return [
        `Saved the bearer header (Bearer ${maskToken(header.slice('Bearer '.length))}) as session variable ${name}.`,
        `Use it: headers: {"Authorization": "{{${name}}}"}`,
      ].join('\n');
    }
    case 'basic': {
      const name = args.save_as ?? 'AUTH_HEADER';
      const header = basicHeader(args.username!, args.password!);
      ctx.secrets.registerBasicPair(args.username!, args.password!, 'BASIC_AUTH');
      save(name, header);
      return [
        `Saved the Basic auth header for user "${args.username}" (Basic …(masked)) as session variable ${name}.`,
        `Use it: headers: {"Authorization": "{{${name}}}"}`,
      ].join('\n');
    }
    case 'api_key': {
      const name = args.save_as ?? 'API_KEY';
      const key = checkApiKey(args.key!);
      ctx.secrets.register(key, name);
      save(name, key);
      const use = args.query ? `query: {"${args.query}": "{{${name}}}"}` : `headers: {"${args.header ?? DEFAULT_API_KEY_HEADER}": "{{${name}}}"}`;
      return `Saved the API key (${maskToken(key)}) as session variable ${name}.\nUse it: ${use}`;
    }
    case 'oauth2':
      return getOAuth2Token(args, ctx);
    case 'parse_jwt': {
      const jwt = decodeJwt(args.token!);
      return describeJwt(jwt, readJwtClaims(jwt), new Date());
    }
  }
}

async function getOAuth2Token(args: AuthArgs, ctx: ToolContext): Promise<string> {
  ctx.progress(`requesting a token from ${maskText(args.token_url!)}`);
  if (args.client_secret) ctx.secrets.registerBasicPair(args.client_id!, args.client_secret, 'CLIENT_SECRET');
  if (args.password) ctx.secrets.register(args.password, 'PASSWORD');
  const token = await requestOAuth2Token({
    grant: args.grant!,
    tokenUrl: args.token_url!,
    clientId: args.client_id!,
    clientSecret: args.client_secret,
    clientAuth: args.client_auth,
    username: args.username,
    password: args.password,
    refreshToken: args.refresh_token,
    scope: args.scope,
    audience: args.audience,
    signal: ctx.signal,
  });
  const accessVariable = args.save_as ?? 'ACCESS_TOKEN';
  const refreshVariable = token.refreshToken ? refreshVariableFor(accessVariable) : undefined;
  ctx.secrets.register(token.accessToken, accessVariable);
  if (refreshVariable) ctx.secrets.register(token.refreshToken!, refreshVariable);
  if (token.idToken) ctx.secrets.register(token.idToken, 'ID_TOKEN');
  ctx.variables.session.set(accessVariable, token.accessToken);
  if (refreshVariable) ctx.variables.session.set(refreshVariable, token.refreshToken!);
  const saved = { grant: args.grant!, tokenUrl: args.token_url!, token, accessVariable, refreshVariable, isJwt: isJwt(token.accessToken) };
  return describeOAuth2Token(saved, new Date());
}

/** ACCESS_TOKEN → REFRESH_TOKEN, ADMIN_TOKEN → ADMIN_REFRESH_TOKEN, admin → admin_refresh_token. */
function refreshVariableFor(accessVariable: string): string {
  const base = accessVariable.replace(/_?(access_)?token$/i, '');
  if (!base) return 'REFRESH_TOKEN';
  return `${base}${base === base.toLowerCase() ? '_refresh_token' : '_REFRESH_TOKEN'}`;
}

async function resolvePlaceholders(args: AuthArgs, ctx: ToolContext): Promise<AuthArgs> {
  const resolved: AuthArgs = { ...args };
  for (const field of RESOLVED_FIELDS) {
    const value = args[field];
    if (value !== undefined) resolved[field] = await ctx.variables.resolve(value);
  }
  return resolved;
}
