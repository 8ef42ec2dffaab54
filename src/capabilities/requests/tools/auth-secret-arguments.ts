import type { SecretArgument } from '../../../kit/tool/tool.js';

/**
 * The auth tool's secrets as the model typed them, labelled as the tool labels what it saves: a
 * bearer token, a JWT to read, a Basic user's password (with the pair), an API key, an OAuth2 client
 * secret (with its client id), password and refresh token.
 */
export function authSecretArguments(args: Record<string, unknown>): SecretArgument[] {
  const text = (field: string): string | undefined => (typeof args[field] === 'string' ? (args[field] as string) : undefined);
  const found: Array<SecretArgument | undefined> = [];
  const add = (value: string | undefined, label: string, username?: string) => {
    if (value !== undefined) found.push({ value, label, ...(username !== undefined && { username }) });
  };
  add(text('token'), args.action === 'parse_jwt' ? 'JWT' : 'API_TOKEN');
  add(text('password'), args.action === 'basic' ? 'BASIC_AUTH' : 'PASSWORD', text('username'));
  add(text('key'), text('save_as') ?? 'API_KEY');
  add(text('client_secret'), 'CLIENT_SECRET', text('client_id'));
  add(text('refresh_token'), 'REFRESH_TOKEN');
  return found.filter((secret): secret is SecretArgument => secret !== undefined);
}
