import { hmacHash, hmacSignature } from './hmac-jwt.js';
import type { JwtToken } from './jwt-token.js';

/** Secrets seen signing real tokens: defaults of libraries, tutorials and frameworks, and the passwords everyone tries. */
const COMMON_SECRETS = [
  'secret',
  'password',
  '123456',
  '12345678',
  '1234567890',
  'changeme',
  'changeit',
  'jwt_secret',
  'jwt-secret',
  'jwtsecret',
  'your-256-bit-secret',
  'your_jwt_secret',
  'supersecret',
  'super-secret',
  'secretkey',
  'secret_key',
  'secret-key',
  'mysecret',
  'my_secret',
  'key',
  'private',
  'test',
  'testing',
  'admin',
  'default',
  'qwerty',
  'letmein',
  'shhhhh',
  'keyboard cat',
  'development',
  'abc123',
  'password123',
];

/** The common secret the HMAC-signed token (HS256, HS384, HS512) was signed with, when it was one of them. */
export function weakJwtSecret(jwt: JwtToken): string | undefined {
  const hash = hmacHash(jwt.header.alg);
  if (!hash) return undefined;
  const signingInput = `${jwt.parts[0]}.${jwt.parts[1]}`;
  return COMMON_SECRETS.find((secret) => hmacSignature(hash, signingInput, secret) === jwt.parts[2].replace(/=+$/, ''));
}
