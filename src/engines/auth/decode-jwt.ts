import { AuthError } from './auth-header.js';

export interface DecodedJwt {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
}

/** The registered and common claims, read from a decoded token. */
export interface JwtClaims {
  algorithm?: string;
  keyId?: string;
  issuer?: string;
  subject?: string;
  audience: string[];
  scopes: string[];
  issuedAt?: Date;
  expiresAt?: Date;
  notBefore?: Date;
}

const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;

/** Decodes a JWT's header and payload. The signature is NOT verified: this reads a token, it does not trust it. */
export function decodeJwt(token: string): DecodedJwt {
  const bare = token.trim().replace(/^bearer\s+/i, '');
  const parts = bare.split('.');
  if (parts.length === 5) {
    throw new AuthError('this is an encrypted JWT (JWE, 5 parts): its claims cannot be read without the decryption key');
  }
  if (parts.length !== 3) {
    throw new AuthError(`not a JWT: a JWT has 3 parts separated by dots (header.payload.signature), this has ${parts.length}`);
  }
  return { header: decodePart(parts[0]!, 'header'), payload: decodePart(parts[1]!, 'payload') };
}

/** True when `token` decodes as a JWT (which says nothing about whether it is genuine). */
export function isJwt(token: string): boolean {
  try {
    decodeJwt(token);
    return true;
  } catch {
    return false;
  }
}

export function readJwtClaims(jwt: DecodedJwt): JwtClaims {
  const { header, payload } = jwt;
  return {
    algorithm: text(header.alg),
    keyId: text(header.kid),
    issuer: text(payload.iss),
    subject: text(payload.sub),
    audience: list(payload.aud),
    // OAuth2 servers name scopes differently: `scope` (RFC 8693, space-separated), `scp` (Okta, Azure), `scopes`.
    scopes: [...new Set([...list(payload.scope), ...list(payload.scp), ...list(payload.scopes)])],
    issuedAt: time(payload.iat),
    expiresAt: time(payload.exp),
    notBefore: time(payload.nbf),
  };
}

function decodePart(part: string, name: 'header' | 'payload'): Record<string, unknown> {
  if (!part || !BASE64URL.test(part)) throw new AuthError(`not a JWT: its ${name} is not base64url text`);
  const json = Buffer.from(part, 'base64url').toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new AuthError(`not a JWT: its ${name} does not decode to JSON`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new AuthError(`not a JWT: its ${name} is not a JSON object`);
  }
  return value as Record<string, unknown>;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

function list(value: unknown): string[] {
  if (typeof value === 'string') return value.split(/\s+/).filter(Boolean);
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

/** NumericDate: seconds since the epoch (RFC 7519 §2). */
function time(value: unknown): Date | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? new Date(value * 1000) : undefined;
}
