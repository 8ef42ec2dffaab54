import { signJwt } from './jwt.js';
import type { User } from './shop-users.js';

export const TOKEN_LIFETIME_SECONDS = 3600;

export function issueToken(user: User, secret: string | Buffer, lifetimeSeconds = TOKEN_LIFETIME_SECONDS): string {
  const iat = Math.floor(Date.now() / 1000);
  return signJwt({ sub: user.id, username: user.username, role: user.role, iat, exp: iat + lifetimeSeconds }, secret);
}
