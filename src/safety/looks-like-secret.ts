import { maskSecretShapes } from './secret-shapes.js';

// Opaque tokens: long runs of token characters mixing upper case, lower case and digits. Ids such as
// UUIDs, hex hashes and words do not mix cases, so they are not taken for secrets.
const OPAQUE_TOKEN = /^[A-Za-z0-9_\-+/=.~]{24,}$/;

/** A value shaped like a credential: a JWT, `Bearer …`, a provider key, or a long random token. */
export function looksLikeSecretValue(value: string): boolean {
  const text = value.trim();
  if (maskSecretShapes(text) !== text) return true;
  return OPAQUE_TOKEN.test(text) && /[a-z]/.test(text) && /[A-Z]/.test(text) && /\d/.test(text);
}
