import { describe, expect, it } from 'vitest';
import { type SensitiveContext, sensitiveValues } from '../../../../../../src/capabilities/scan/engine/checks/sensitive-data/sensitive-values.js';

const plain: SensitiveContext = { tokensExpected: false, keysExpected: false };
const kinds = (body: unknown, context = plain) =>
  sensitiveValues(body, JSON.stringify(body), context).map((value) => `${value.kind} ${value.place} ${value.severity}`);

describe('sensitiveValues', () => {
  it('finds hashes by their format anywhere, and hex digests in fields named for passwords', () => {
    expect(
      kinds({
        note: '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA',
        password: '5f4dcc3b5aa765d61d8327deb882cf99',
        hash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      }),
    ).toEqual(['password hash note high', 'password hash password high', 'password hash hash high']);
    expect(kinds({ fileHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', etag: 'abc' })).toEqual([]);
  });

  it('finds plain passwords, secrets and other tokens, but not masked or empty values', () => {
    expect(kinds({ user: { password: 'hunter22', client_secret: 'cs_0123456789', refreshToken: 'r'.repeat(20) } })).toEqual([
      'password user.password high',
      'secret user.client_secret high',
      'token user.refreshToken high',
    ]);
    expect(kinds({ password: '********', apiKey: '', secret: '[redacted]', privateKeyId: null })).toEqual([]);
  });

  it("leaves a login's tokens, the caller's own token and a key path's keys alone", () => {
    expect(kinds({ token: 't'.repeat(30), refreshToken: 'r'.repeat(30) }, { tokensExpected: true, keysExpected: false })).toEqual([]);
    expect(kinds({ token: 'own-token-0123456789' }, { ...plain, ownToken: 'own-token-0123456789' })).toEqual([]);
    expect(kinds({ apiKey: 'ak_0123456789abcdef', passwordHash: 'x1' }, { tokensExpected: false, keysExpected: true })).toEqual([
      'password hash passwordHash high',
    ]);
  });

  it('finds personal data as medium: SSNs, card numbers and CVVs of the right shape', () => {
    expect(kinds({ ssn: '078-05-1120', cardNumber: '4111 1111 1111 1111', cvv: '123' })).toEqual([
      'personal data ssn medium',
      'personal data cardNumber medium',
      'personal data cvv medium',
    ]);
    expect(kinds({ ssn: 'unknown', cardNumber: '**** **** **** 1111', cvv: 'n/a' })).toEqual([]);
  });

  it('finds hashes and private keys in a text body', () => {
    const text =
      'user alice $2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy\n-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----';
    expect(sensitiveValues(undefined, text, plain).map((value) => value.kind)).toEqual(['password hash', 'secret']);
  });
});
