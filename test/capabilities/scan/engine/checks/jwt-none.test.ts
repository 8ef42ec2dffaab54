import { describe, expect, it } from 'vitest';
import { findingsText, scanApi, tokenApi, USERS, userToken } from '../../../../apis/token-api.js';

const alice = USERS[0]!;

describe('jwt_none', () => {
  it("reports the user's own token re-sent with alg none and no signature and accepted as them, as critical, once when every operation takes it", async () => {
    const result = await scanApi({ handler: tokenApi({ tokenCheck: 'unsigned-accepted' }).handler, users: [`alice:${alice.password}`], checks: ['jwt_none'] });

    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ rule: 'jwt_none', owasp: 'API2:2023', cwe: 'CWE-347', severity: 'critical', method: 'GET', path: '/me' });
    expect(result.findings[0]!.title).toBe('An unsigned JWT (alg "none", no signature) is accepted as alice, answered with their data');
    expect(result.findings[0]!.evidence.response).toContain('"username":"alice"');
    expect(result.findings[0]!.evidence.request).toContain('authorization: Bearer [masked');
    expect(findingsText(result)).not.toContain(alice.password);
  });

  it('reports each operation that takes unsigned tokens when others refuse them', async () => {
    const unsigned = tokenApi({ tokenCheck: 'unsigned-accepted' });
    const verified = tokenApi({ secret: unsigned.secret });
    const onlyOrders: typeof unsigned.handler = (req, res) => (req.url === '/orders' ? unsigned : verified).handler(req, res);
    const result = await scanApi({ handler: onlyOrders, tokens: [`alice:${userToken(alice, unsigned.secret)}`], checks: ['jwt_none'] });

    expect(result.findings.map((finding) => `${finding.severity} ${finding.method} ${finding.path}`)).toEqual(['critical GET /orders']);
    expect(result.findings[0]!.evidence.response).toContain('Brass lamp');
  });

  it('tries other spellings of none that a case-sensitive deny-list lets through', async () => {
    const api = tokenApi({ tokenCheck: 'unsigned-accepted' });
    const refusingLowerCaseNone: typeof api.handler = (req, res) => {
      const header = (req.headers.authorization ?? '').replace(/^Bearer /, '').split('.')[0]!;
      const alg = header ? (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string }).alg : undefined;
      if (alg === 'none') res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"alg none is not allowed"}');
      else api.handler(req, res);
    };
    const result = await scanApi({ handler: refusingLowerCaseNone, tokens: [`alice:${userToken(alice, api.secret)}`], checks: ['jwt_none'] });

    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]!.title).toContain('alg "None"');
  });

  it('reports nothing when unsigned tokens are refused', async () => {
    const result = await scanApi({ handler: tokenApi().handler, users: [`alice:${alice.password}`], checks: ['jwt_none'] });

    expect(result.findings).toEqual([]);
    expect(result.notes).toEqual([]);
  });

  it('leaves to broken_auth an operation that takes any bearer value or checks no signature: a token with a broken signature is the control', async () => {
    for (const tokenCheck of ['any-bearer', 'signature-ignored'] as const) {
      const result = await scanApi({ handler: tokenApi({ tokenCheck }).handler, users: [`alice:${alice.password}`], checks: ['jwt_none'] });
      expect(result.findings).toEqual([]);
    }
  });

  it('does not blame alg none on an operation that lets anyone in: it needs one that refuses a request without credentials', async () => {
    const result = await scanApi({ handler: tokenApi({ unguarded: ['/me', '/orders'] }).handler, users: [`alice:${alice.password}`], checks: ['jwt_none'] });

    expect(result.findings).toEqual([]);
    expect(result.notes).toEqual(['jwt_none: no GET behind authentication answered alice with data and refused a request without credentials']);
  });

  it('notes that it needs a JWT', async () => {
    const result = await scanApi({ handler: tokenApi().handler, tokens: ['alice:opaque-session-token-123'], checks: ['jwt_none'] });

    expect(result.findings).toEqual([]);
    expect(result.requests).toBe(0);
    expect(result.notes).toEqual(['jwt_none: needs a --user or --token whose token is a JWT']);
  });
});
