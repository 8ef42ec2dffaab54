import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendError } from '../nonconforming-api/json-exchange.js';
import { asClaims, decodeJwt, signatureMatches } from './jwt.js';
import type { ShopContext } from './shop-context.js';

/**
 * How an operation checks its bearer token. Only `verified` is right; each other one is a flaw a
 * route of the vulnerable API was written with, and the secure twin uses `verified` everywhere.
 * - `alg-from-header`: a hand-rolled decoder that trusts the token's `alg`, `none` included.
 * - `no-expiry`: checks the signature, never `exp`.
 * - `any-bearer`: checks that there is a bearer token, nothing more.
 * - `none`: the route was never put behind authentication.
 */
export type TokenCheck = 'verified' | 'alg-from-header' | 'no-expiry' | 'any-bearer' | 'none';

export interface Caller {
  id: number;
  username: string;
  role: 'user' | 'admin';
}

/** Who a flawed check lets in when the token proves no one. */
const NOBODY: Caller = { id: 0, username: '', role: 'user' };

export function bearerToken(req: IncomingMessage): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
}

export function authenticate(req: IncomingMessage, ctx: ShopContext, check: TokenCheck = 'verified'): Caller | undefined {
  const flaw = ctx.secure ? 'verified' : check;
  const token = bearerToken(req);
  const caller = token === undefined ? undefined : verifiedCaller(token, ctx, flaw);
  if (caller || flaw === 'none' || (flaw === 'any-bearer' && token !== undefined)) return caller ?? NOBODY;
  return undefined;
}

/** The caller, or undefined after answering 401. */
export function requireCaller(req: IncomingMessage, res: ServerResponse, ctx: ShopContext, check: TokenCheck = 'verified'): Caller | undefined {
  const caller = authenticate(req, ctx, check);
  if (!caller) sendError(res, 401, 'a valid bearer token is required');
  return caller;
}

/**
 * An administrator, or undefined after answering 401 or 403. With `checksRole: false` (a flaw of
 * the vulnerable API) any signed-in caller goes.
 */
export function requireAdmin(req: IncomingMessage, res: ServerResponse, ctx: ShopContext, options: { checksRole: boolean }): Caller | undefined {
  const caller = requireCaller(req, res, ctx);
  if (!caller) return undefined;
  if (caller.role === 'admin' || (!ctx.secure && !options.checksRole)) return caller;
  sendError(res, 403, 'administrators only');
  return undefined;
}

function verifiedCaller(token: string, ctx: ShopContext, check: TokenCheck): Caller | undefined {
  const decoded = decodeJwt(token);
  if (!decoded) return undefined;
  const unsigned = check === 'alg-from-header' && typeof decoded.header.alg === 'string' && decoded.header.alg.toLowerCase() === 'none';
  if (!unsigned && (decoded.header.alg !== 'HS256' || !signatureMatches(decoded, ctx.tokenSecret))) return undefined;
  const claims = asClaims(decoded.payload);
  if (!claims) return undefined;
  if (check !== 'no-expiry' && claims.exp * 1000 <= Date.now()) return undefined;
  const user = ctx.data.users.find((candidate) => candidate.id === claims.sub && candidate.username === claims.username);
  // The role comes from the token, so a role written into the account takes effect at the next login.
  return user ? { id: user.id, username: user.username, role: claims.role } : undefined;
}
