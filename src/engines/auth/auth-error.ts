/** An authentication step that cannot be done as asked, with a message a person can act on. */
export class AuthError extends Error {
  override name = 'AuthError';
}
