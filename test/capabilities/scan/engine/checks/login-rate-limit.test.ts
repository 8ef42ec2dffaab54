import { describe, expect, it } from 'vitest';
import { findingsText, scanApi, tokenApi, USERS } from '../../../../apis/token-api.js';

const alice = USERS[0]!;

/** The API's handler, counting the logins it refuses (any answer but 200). */
function countingRefusedLogins(handler: ReturnType<typeof tokenApi>['handler']) {
  const counter = { refused: 0 };
  const counting: typeof handler = (req, res) => {
    if (req.url === '/auth/login') res.once('finish', () => res.statusCode !== 200 && counter.refused++);
    handler(req, res);
  };
  return { handler: counting, counter };
}

describe('login_rate_limit', () => {
  it('reports a login that takes a bounded run of wrong passwords without limit and still lets the right one in, as medium', async () => {
    const { handler, counter } = countingRefusedLogins(tokenApi().handler);
    const result = await scanApi({ handler, users: [`alice:${alice.password}`], checks: ['login_rate_limit'] });

    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({
      rule: 'login_rate_limit',
      owasp: 'API2:2023',
      cwe: 'CWE-307',
      severity: 'medium',
      method: 'POST',
      path: '/auth/login',
    });
    expect(result.findings[0]!.title).toBe(
      '20 failed logins in a row for alice got no 429, lockout or slowdown (answered 401), and the right password still logged in after them',
    );
    expect(result.findings[0]!.evidence.request).toContain('"username":"alice"');
    expect(result.findings[0]!.evidence.response).toContain('HTTP 401');
    expect(counter.refused).toBe(20);
    const text = findingsText(result);
    expect(text).not.toContain(alice.password);
    expect(text).not.toMatch(/falcon-wrong-[0-9a-f]/);
  });

  it('passes a login that answers 429 after a few failures, stops trying there, and notes the account it locked', async () => {
    const { handler, counter } = countingRefusedLogins(tokenApi({ loginLimit: 5 }).handler);
    const result = await scanApi({ handler, users: [`alice:${alice.password}`], checks: ['login_rate_limit'] });

    expect(result.findings).toEqual([]);
    expect(counter.refused).toBe(7);
    expect(result.notes).toEqual([
      'login_rate_limit: the login is limited (it answered 429 after 6 failed logins), and alice cannot log in now (HTTP 429): the account may stay locked for a while',
    ]);
  });

  it('passes a lockout said in words under the usual status', async () => {
    const api = tokenApi();
    let failures = 0;
    const lockingOut: typeof api.handler = (req, res) => {
      if (req.url !== '/auth/login' || failures < 3) {
        if (req.url === '/auth/login') res.once('finish', () => res.statusCode === 401 && failures++);
        return api.handler(req, res);
      }
      req.resume();
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"account temporarily locked"}');
    };
    const result = await scanApi({ handler: lockingOut, users: [`alice:${alice.password}`], checks: ['login_rate_limit'] });

    expect(result.findings).toEqual([]);
    expect(result.notes[0]).toMatch(
      /^login_rate_limit: the login is limited \(it said "temporarily" after 4 failed logins\), and alice cannot log in now \(HTTP 401\)/,
    );
  });

  it('notes that it needs a --user, and sends nothing', async () => {
    const result = await scanApi({ handler: tokenApi().handler, tokens: ['alice:opaque-session-token-123'], checks: ['login_rate_limit'] });

    expect(result.findings).toEqual([]);
    expect(result.requests).toBe(0);
    expect(result.notes).toEqual(['login_rate_limit: needs --user NAME:PASSWORD, an account to try wrong passwords on']);
  });
});
