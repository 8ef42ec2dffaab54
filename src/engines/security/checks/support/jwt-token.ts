import { decodeJwt } from '../../../auth/decode-jwt.js';

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
    const [headerPart, payloadPart, signature] = token.trim().replace(/^bearer\s+/i, '').split('.') as [string, string, string];
    return { header, payload, parts: [headerPart, payloadPart, signature] };
  } catch {
    return undefined;
  }
}

/** A header or payload as a JWT carries it: JSON in base64url. */
export function jwtPart(value: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
