import type { Identity } from '../../identity.js';
import { type JwtToken, readJwt } from './jwt-token.js';

/** The first identity whose bearer token is a JWT, with the token read; undefined when none has one. */
export function jwtIdentity(identities: readonly Identity[]): { identity: Identity; jwt: JwtToken } | undefined {
  for (const identity of identities) {
    const jwt = readJwt(identity.token);
    if (jwt) return { identity, jwt };
  }
  return undefined;
}
