import { decodeJwt } from '../../../../../engines/auth/decode-jwt.js';
import type { Identity } from '../../identity.js';
import { createHmac } from 'node:crypto';
import type { ScanContext } from '../../scan-context.js';
import type { GuardedOperation } from './operations.js';
import { sameData } from './answers.js';
import { sendProbe, withCredentials } from './probes.js';

/** A JWT as issued: its decoded header and payload, and its three base64url parts untouched. */
export interface JwtToken {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  parts: [header: string, payload: string, signature: string];
}

/** The token read as a JWT (nothing verified), or undefined when it is not one. */
export function readJwt(token: string | undefined): JwtToken | undefined {
  if (token === undefined) return undefined;
  try {
    const { header, payload } = decodeJwt(token);
    const [headerPart, payloadPart, signature] = token
      .trim()
      .replace(/^bearer\s+/i, '')
      .split('.') as [string, string, string];
    return { header, payload, parts: [headerPart, payloadPart, signature] };
  } catch {
    return undefined;
  }
}

/** A header or payload as a JWT carries it: JSON in base64url. */
export function jwtPart(value: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The first identity whose bearer token is a JWT, with the token read; undefined when none has one. */
export function jwtIdentity(identities: readonly Identity[]): { identity: Identity; jwt: JwtToken } | undefined {
  for (const identity of identities) {
    const jwt = readJwt(identity.token);
    if (jwt) return { identity, jwt };
  }
  return undefined;
}

const HASHES: Record<string, string> = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' };

/** The hash an HMAC-signed JWT's `alg` names, or undefined when it is not HS256, HS384 or HS512. */
export function hmacHash(algorithm: unknown): string | undefined {
  return typeof algorithm === 'string' ? HASHES[algorithm] : undefined;
}

/** The signature part of a JWT whose first two parts are `signingInput`. */
export function hmacSignature(hash: string, signingInput: string, secret: string): string {
  return createHmac(hash, secret).update(signingInput).digest('base64url');
}

/** A JWT with this header (its `alg` an HMAC one) and payload, signed with `secret`. */
export function signHmacJwt(header: Record<string, unknown>, payload: Record<string, unknown>, secret: string): string {
  const hash = hmacHash(header.alg);
  if (!hash) throw new Error(`signHmacJwt: alg ${String(header.alg)} is not HS256, HS384 or HS512`);
  const signingInput = `${jwtPart(header)}.${jwtPart(payload)}`;
  return `${signingInput}.${hmacSignature(hash, signingInput, secret)}`;
}

/**
 * Whether the operation refuses the identity's JWT with its signature broken: the control that
 * tells a flaw of one JWT feature (alg none, a weak key) from an operation that checks no signature
 * at all, or takes any bearer value (broken_auth's findings).
 */
export async function checksSignature(ctx: ScanContext, guarded: GuardedOperation, identity: Identity, jwt: JwtToken): Promise<boolean> {
  const signature = Buffer.from(jwt.parts[2], 'base64url');
  const broken = signature.length > 0 ? Buffer.from(signature.map((byte) => byte ^ 0xff)).toString('base64url') : 'AAAA';
  const request = withCredentials(guarded.request, guarded.operation, ctx.spec, identity, {
    authorization: `Bearer ${jwt.parts[0]}.${jwt.parts[1]}.${broken}`,
  });
  const exchange = await sendProbe(ctx, request, undefined);
  return exchange !== undefined && !sameData(guarded.answer.response, exchange.response);
}

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
