import { describe, expect, it } from 'vitest';
import { findingLines, scanTenantApi } from './scan-tenant-api.js';

describe('cookie_flags', () => {
  it("reports the login's session cookie without HttpOnly and SameSite once, its value masked, replayable with the cookie's name", async () => {
    const { result } = await scanTenantApi({ checks: ['cookie_flags', 'bola'] });
    const cookies = result.findings.filter((finding) => finding.rule === 'cookie_flags');
    expect(cookies.map((finding) => `${finding.severity} ${finding.method} ${finding.path}`)).toEqual(['medium POST /auth/login']);
    expect(cookies[0]).toMatchObject({ owasp: 'API8:2023', cwe: 'CWE-1004' });
    expect(cookies[0]!.title).toBe(
      "sets the session cookie tid_session without HttpOnly, SameSite: a script on the page can read it; other sites' requests carry it",
    );
    // The attributes the cookie was set with, and no session in clear.
    expect(cookies[0]!.evidence.response).toMatch(/\nset-cookie: [^\n]*\[masked\]; Path=\/\n/);
    expect(cookies[0]!.evidence.response).not.toMatch(/tid_session=(?!\[masked)/);
    // A signed-in finding replays with the session cookie by its name, its value a variable to set.
    const bola = result.findings.find((finding) => finding.rule === 'bola')!;
    expect(bola.curl).toMatch(/-H "cookie: tid_session=\$SESSION_OF_(ALICE|BOB)"/);
  });

  it('reports nothing when the session cookie is HttpOnly and SameSite (the secure twin)', async () => {
    const { result } = await scanTenantApi({ secure: true, checks: ['cookie_flags'] });
    expect(findingLines(result)).toEqual([]);
  });
});
