import { describe, expect, it } from 'vitest';
import { signHmacJwt, readJwt, weakJwtSecret } from '../../../../../../src/capabilities/scan/engine/checks/support/jwt.js';

const payload = { sub: 7, exp: 1_900_000_000 };

describe('weakJwtSecret', () => {
  it('finds the common secret an HS256, HS384 or HS512 token was signed with', () => {
    for (const alg of ['HS256', 'HS384', 'HS512']) {
      expect(weakJwtSecret(readJwt(signHmacJwt({ alg, typ: 'JWT' }, payload, 'changeme'))!)).toBe('changeme');
    }
  });

  it("cracks jwt.io's sample token, signed elsewhere", () => {
    const sample =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
    expect(weakJwtSecret(readJwt(sample)!)).toBe('your-256-bit-secret');
  });

  it('finds nothing for a strong secret or another algorithm', () => {
    expect(weakJwtSecret(readJwt(signHmacJwt({ alg: 'HS256' }, payload, 'kq8Zr7v0-long-random-secret-3b1f'))!)).toBeUndefined();
    const rs256 = readJwt(`${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from('{"sub":1}').toString('base64url')}.c2ln`)!;
    expect(weakJwtSecret(rs256)).toBeUndefined();
  });

  it('reads no JWT out of an opaque token', () => {
    expect(readJwt('opaque-session-token')).toBeUndefined();
    expect(readJwt(undefined)).toBeUndefined();
  });
});
