/** An authentication step that cannot be done as asked, with a message a person can act on. */
export class AuthError extends Error {
  override name = 'AuthError';
}

const BEARER_PREFIX = /^bearer(\s+|$)/i;
// Header values may not hold line breaks or other control characters (RFC 9110 §5.5).
const CONTROL_CHARACTER = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/** `Bearer <token>`; a token given with its `Bearer ` prefix is taken as the token after it. */
export function bearerHeader(token: string): string {
  const bare = token.trim().replace(BEARER_PREFIX, '');
  if (!bare) throw new AuthError('the token is empty');
  if (/\s/.test(bare)) throw new AuthError('the token contains spaces or line breaks; give the token alone');
  return `Bearer ${bare}`;
}

/** `Basic base64(username:password)`, UTF-8 (RFC 7617). */
export function basicHeader(username: string, password: string): string {
  if (username.includes(':')) throw new AuthError('a Basic auth username cannot contain ":" (RFC 7617)');
  if (CONTROL_CHARACTER.test(username) || CONTROL_CHARACTER.test(password)) {
    throw new AuthError('the username or password contains a line break or control character');
  }
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

/** An API key as a header or query value: any visible text, no line breaks. */
export function checkApiKey(key: string): string {
  const trimmed = key.trim();
  if (!trimmed) throw new AuthError('the API key is empty');
  if (CONTROL_CHARACTER.test(trimmed)) throw new AuthError('the API key contains a line break or control character');
  return trimmed;
}
