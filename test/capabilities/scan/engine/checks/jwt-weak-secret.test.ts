import { describe, expect, it } from 'vitest';
import { findingsText, scanApi, signToken, tokenApi, USERS, userToken } from '../../../../apis/token-api.js';

const alice = USERS[0]!;

describe('jwt_weak_secret', () => {
  it('reports HS256 tokens signed with a common secret when a token it signs is accepted, as critical, naming the secret and not the token', async () => {
    const api = tokenApi({ secret: 'your-256-bit-secret' });
    const token = userToken(alice, api.secret);
    const result = await scanApi({ handler: api.handler, tokens: [`alice:${token}`], checks: ['jwt_weak_secret'] });

    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ rule: 'jwt_weak_secret', owasp: 'API2:2023', cwe: 'CWE-521', severity: 'critical', method: 'GET', path: '/me' });
    expect(result.findings[0]!.title).toBe(
      'JWTs are signed with the common secret "your-256-bit-secret" (HS256): a token Falcon signed with it is accepted as alice',
    );
    expect(result.findings[0]!.evidence.response).toContain('"username":"alice"');
    const text = findingsText(result);
    expect(text).not.toContain(token);
    expect(text).not.toMatch(/eyJ[\w-]+\.eyJ/);
  });

  it('sends a token the server never issued: its expiry is later than the real one', async () => {
    const api = tokenApi({ secret: 'secret' });
    const issued = { sub: alice.id, username: alice.username, iat: 1_900_000_000, exp: 1_900_003_600 };
    const seen: string[] = [];
    const recording: typeof api.handler = (req, res) => {
      seen.push(req.headers.authorization ?? '');
      api.handler(req, res);
    };
    const result = await scanApi({ handler: recording, tokens: [`alice:${signToken(issued, 'secret')}`], checks: ['jwt_weak_secret'] });

    expect(result.findings).toHaveLength(1);
    const minted = seen.at(-1)!.replace('Bearer ', '');
    expect(minted).toBe(signToken({ ...issued, exp: 1_900_007_200 }, 'secret'));
  });

  it('does not prove a weak secret on an operation that checks no signature', async () => {
    const api = tokenApi({ secret: 'secret', tokenCheck: 'signature-ignored' });
    const result = await scanApi({ handler: api.handler, tokens: [`alice:${userToken(alice, api.secret)}`], checks: ['jwt_weak_secret'] });

    expect(result.findings).toEqual([]);
    expect(result.notes[0]).toMatch(/^jwt_weak_secret unproven: alice's token is signed with the common secret "secret", but no GET behind authentication/);
  });

  it('reports nothing when the secret is not a common one, without sending anything', async () => {
    const api = tokenApi();
    const result = await scanApi({ handler: api.handler, tokens: [`alice:${userToken(alice, api.secret)}`], checks: ['jwt_weak_secret'] });

    expect(result.findings).toEqual([]);
    expect(result.requests).toBe(0);
  });

  it('notes a token signed with a key pair (RS256): no secret to guess', async () => {
    const rs256 = signToken({ sub: 1 }, 'irrelevant', { alg: 'RS256', typ: 'JWT' });
    const result = await scanApi({ handler: tokenApi().handler, tokens: [`alice:${rs256}`], checks: ['jwt_weak_secret'] });

    expect(result.findings).toEqual([]);
    expect(result.notes).toEqual(["jwt_weak_secret not checked: alice's token is signed with RS256, not a shared secret (HS256, HS384, HS512)"]);
  });

  it('notes a weak secret whose minted token is refused, without reporting it', async () => {
    // The API checks that the token is one it issued (by its exact expiry), so a minted one is refused.
    const api = tokenApi({ secret: 'changeme' });
    const token = userToken(alice, api.secret);
    const issuedOnly: typeof api.handler = (req, res) => {
      const sent = (req.headers.authorization ?? '').replace('Bearer ', '');
      if (sent && sent !== token) res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unknown token"}');
      else api.handler(req, res);
    };
    const result = await scanApi({ handler: issuedOnly, tokens: [`alice:${token}`], checks: ['jwt_weak_secret'] });

    expect(result.findings).toEqual([]);
    expect(result.notes).toEqual([
      'jwt_weak_secret unproven: alice\'s token is signed with the common secret "changeme", but a token Falcon signed with it was refused (HTTP 401)',
    ]);
  });
});
