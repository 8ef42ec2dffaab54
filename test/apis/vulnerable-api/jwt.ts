import { createHmac, timingSafeEqual } from 'node:crypto';

/** What the shop's tokens carry. */
export interface Claims {
  sub: number;
  username: string;
  role: 'user' | 'admin';
  iat: number;
  exp: number;
}

export interface DecodedJwt {
  header: { alg?: unknown; typ?: unknown };
  payload: Record<string, unknown>;
  /** `header.payload`, as signed. */
  signingInput: string;
  signature: string;
}

export function base64url(text: string | Buffer): string {
  return Buffer.from(text).toString('base64url');
}

export function hs256(signingInput: string, secret: string | Buffer): string {
  return createHmac('sha256', secret).update(signingInput).digest('base64url');
}

export function signJwt(payload: object, secret: string | Buffer): string {
  const signingInput = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`;
  return `${signingInput}.${hs256(signingInput, secret)}`;
}

/** The parts of a JWT, nothing checked; undefined when it is not one. */
export function decodeJwt(token: string): DecodedJwt | undefined {
  const parts = token.split('.');
  if (parts.length < 2 || parts.length > 3) return undefined;
  const [header, payload, signature = ''] = parts as [string, string, string?];
  try {
    const decodedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as unknown;
    const decodedPayload = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (!isObject(decodedHeader) || !isObject(decodedPayload)) return undefined;
    return { header: decodedHeader, payload: decodedPayload, signingInput: `${header}.${payload}`, signature };
  } catch {
    return undefined;
  }
}

export function signatureMatches(decoded: DecodedJwt, secret: string | Buffer): boolean {
  const expected = Buffer.from(hs256(decoded.signingInput, secret));
  const actual = Buffer.from(decoded.signature);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The payload as the shop's claims, when it has their shape. */
export function asClaims(payload: Record<string, unknown>): Claims | undefined {
  const { sub, username, role, iat, exp } = payload;
  if (typeof sub !== 'number' || typeof username !== 'string' || (role !== 'user' && role !== 'admin')) return undefined;
  if (typeof iat !== 'number' || typeof exp !== 'number') return undefined;
  return { sub, username, role, iat, exp };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
