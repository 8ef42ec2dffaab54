import { describe, expect, it } from 'vitest';
import { AuthError } from '../../../src/engines/auth/auth-header.js';
import { decodeJwt, isJwt, readJwtClaims } from '../../../src/engines/auth/decode-jwt.js';
import { makeJwt } from './make-jwt.js';

describe('decodeJwt', () => {
  it('decodes header and payload and reads the common claims', () => {
    const token = makeJwt(
      {
        iss: 'https://auth.example',
        sub: 'user-7',
        aud: ['orders', 'billing'],
        scope: 'orders:read orders:write',
        iat: 1_700_000_000,
        exp: 1_700_003_600,
        name: 'Ada',
      },
      { alg: 'RS256', typ: 'JWT', kid: 'key-1' },
    );
    const jwt = decodeJwt(`Bearer ${token}`);
    expect(jwt.header).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'key-1' });
    expect(jwt.payload.name).toBe('Ada');
    expect(readJwtClaims(jwt)).toEqual({
      algorithm: 'RS256',
      keyId: 'key-1',
      issuer: 'https://auth.example',
      subject: 'user-7',
      audience: ['orders', 'billing'],
      scopes: ['orders:read', 'orders:write'],
      issuedAt: new Date(1_700_000_000_000),
      expiresAt: new Date(1_700_003_600_000),
      notBefore: undefined,
    });
  });

  it('reads scopes from scp arrays and an audience given as one string', () => {
    const claims = readJwtClaims(decodeJwt(makeJwt({ aud: 'api', scp: ['a', 'b'] })));
    expect(claims).toMatchObject({ audience: ['api'], scopes: ['a', 'b'], expiresAt: undefined });
  });

  it('refuses malformed tokens with the reason', () => {
    const cases: Array<[string, string]> = [
      ['not-a-token', 'not a JWT: a JWT has 3 parts separated by dots (header.payload.signature), this has 1'],
      ['a.b.c.d.e', 'this is an encrypted JWT (JWE, 5 parts): its claims cannot be read without the decryption key'],
      ['eyJ!!.eyJ.sig', 'not a JWT: its header is not base64url text'],
      [
        `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from('not json').toString('base64url')}.sig`,
        'not a JWT: its payload does not decode to JSON',
      ],
      [`${Buffer.from('[1]').toString('base64url')}.e30.sig`, 'not a JWT: its header is not a JSON object'],
      ['.e30.sig', 'not a JWT: its header is not base64url text'],
    ];
    for (const [token, message] of cases) {
      expect(() => decodeJwt(token), token).toThrow(new AuthError(message));
      expect(isJwt(token)).toBe(false);
    }
  });
});
