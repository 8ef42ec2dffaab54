import { createHmac } from 'node:crypto';
import { jwtPart } from './jwt-token.js';

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
