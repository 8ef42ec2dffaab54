import type { Identity } from '../../identity.js';
import { hmacHash, signHmacJwt, jwtPart, readJwt, weakJwtSecret } from '../support/jwt.js';

/** What broken_auth sends in place of a real credential. */
export interface BrokenCredential {
  /** How it reads in a finding's title: `without credentials`, `with a malformed token …`. */
  description: string;
  /** Header name → value; none for a request without credentials. */
  credentials: Record<string, string>;
}

const MALFORMED = 'abc.def';
const HOUR_SECONDS = 3600;

/**
 * The credentials a server must refuse, weakest first: none; a malformed one in the identity's
 * place (`Bearer abc.def`, or each session cookie set to it); for a JWT, its payload changed under
 * the original signature, and an expired one — which only a token signed with the right key tests,
 * so only when that key is a common secret. `untried` says why the expired token was not sent.
 */
export function brokenCredentials(identity: Identity): { probes: BrokenCredential[]; untried?: string } {
  const probes: BrokenCredential[] = [
    { description: 'without credentials', credentials: {} },
    { description: `with a malformed credential (${MALFORMED})`, credentials: malformed(identity.headers) },
  ];
  const jwt = readJwt(identity.token);
  if (!jwt) return { probes };
  const [header, , signature] = jwt.parts;
  // An added claim is the smallest change: the signature no longer matches, and the claims the server reads stay as issued.
  const changed = jwtPart({ ...jwt.payload, falcon: 'forged' });
  probes.push({ description: 'with a forged JWT (its payload changed, its signature left as it was)', credentials: { authorization: `Bearer ${header}.${changed}.${signature}` } });
  const secret = weakJwtSecret(jwt);
  if (secret === undefined) {
    const signedWith = hmacHash(jwt.header.alg) ? 'a secret that is not a common one' : `${String(jwt.header.alg)}, with a key Falcon does not have`;
    return { probes, untried: `an expired token was not tried: only one signed with the API's key tests expiry, and ${identity.name}'s token is signed with ${signedWith}` };
  }
  const expired = signHmacJwt(jwt.header, { ...jwt.payload, exp: Math.floor(Date.now() / 1000) - HOUR_SECONDS }, secret);
  probes.push({ description: 'with an expired JWT (exp an hour ago, correctly signed)', credentials: { authorization: `Bearer ${expired}` } });
  return { probes };
}

/** The identity's headers with each credential malformed: `Bearer abc.def`, every cookie's value `abc.def`. */
function malformed(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => {
      const lower = name.toLowerCase();
      if (lower === 'authorization') return [lower, `Bearer ${MALFORMED}`];
      if (lower === 'cookie') return [lower, value.split(';').map((pair) => `${pair.split('=')[0]!.trim()}=${MALFORMED}`).join('; ')];
      return [lower, MALFORMED];
    }),
  );
}
