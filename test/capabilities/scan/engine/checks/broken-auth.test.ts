import { describe, expect, it } from 'vitest';
import { findingsText, scanApi, tokenApi, USERS, userToken } from '../../../../apis/token-api.js';

const alice = USERS[0]!;

describe('broken_auth', () => {
  it('reports an operation the spec guards that answers with data without credentials, as high, and not the public one', async () => {
    const result = await scanApi({ handler: tokenApi({ unguarded: ['/orders'] }).handler, users: [`alice:${alice.password}`], checks: ['broken_auth'] });

    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ rule: 'broken_auth', owasp: 'API2:2023', cwe: 'CWE-287', severity: 'high', method: 'GET', path: '/orders' });
    expect(result.findings[0]!.title).toBe("GET /orders answers 200 with data without credentials, as it answers alice's token");
    expect(result.findings[0]!.evidence.request).not.toMatch(/authorization/i);
    expect(result.findings[0]!.evidence.response).toContain('HTTP 200');
    expect(result.findings[0]!.evidence.response).toContain('Brass lamp');
    expect(findingsText(result)).not.toContain(alice.password);
  });

  it('reports a malformed token let in', async () => {
    const result = await scanApi({ handler: tokenApi({ tokenCheck: 'any-bearer' }).handler, users: [`alice:${alice.password}`], checks: ['broken_auth'] });

    expect(result.findings.map((finding) => `${finding.severity} ${finding.method} ${finding.path}`).sort()).toEqual(['high GET /me', 'high GET /orders']);
    expect(result.findings[0]!.title).toContain('with a malformed credential (abc.def)');
    expect(result.findings[0]!.evidence.request).toContain('authorization: Bearer [masked');
  });

  it('reports a JWT whose signature is not checked: its payload changed under the original signature', async () => {
    const api = tokenApi({ tokenCheck: 'signature-ignored' });
    const token = userToken(alice, api.secret);
    const result = await scanApi({ handler: api.handler, tokens: [`alice:${token}`], checks: ['broken_auth'] });

    expect(result.findings).toHaveLength(2);
    expect(result.findings[0]!.title).toContain('with a forged JWT (its payload changed, its signature left as it was)');
    const text = findingsText(result);
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.split('.')[2]);
  });

  it('reports an expired token accepted when the key is a common secret it can sign with', async () => {
    const api = tokenApi({ tokenCheck: 'expiry-ignored', secret: 'changeme' });
    const result = await scanApi({ handler: api.handler, users: [`alice:${alice.password}`], checks: ['broken_auth'] });

    expect(result.findings).toHaveLength(2);
    expect(result.findings[0]!.title).toContain('with an expired JWT (exp an hour ago, correctly signed)');
    expect(result.notes.join('\n')).not.toContain('expired token was not tried');
  });

  it('says why an expired token was not tried when the key is not a common secret', async () => {
    const result = await scanApi({ handler: tokenApi({ tokenCheck: 'expiry-ignored' }).handler, users: [`alice:${alice.password}`], checks: ['broken_auth'] });

    expect(result.findings).toEqual([]);
    expect(result.notes).toContain(
      "broken_auth: an expired token was not tried: only one signed with the API's key tests expiry, and alice's token is signed with a secret that is not a common one",
    );
  });

  it('reports nothing on an API that checks its tokens, nor on one that refuses with a 200 error envelope', async () => {
    for (const options of [{}, { refuseWith200: true }]) {
      const result = await scanApi({ handler: tokenApi(options).handler, users: [`alice:${alice.password}`], checks: ['broken_auth'] });
      expect(result.findings).toEqual([]);
    }
  });

  it('probes no operation the spec declares public, and notes that it needs an identity', async () => {
    const result = await scanApi({ handler: tokenApi().handler, checks: ['broken_auth'] });

    expect(result.findings).toEqual([]);
    expect(result.requests).toBe(0);
    expect(result.notes[0]).toMatch(/^broken_auth: needs --user or --token/);
  });
});
