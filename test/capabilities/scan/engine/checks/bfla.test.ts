import { describe, expect, it } from 'vitest';
import { ACCOUNT_LOGINS } from '../../../../apis/account-api.js';
import { scanAccountApi, scanText } from './scan-account-api.js';

const { alice, bob, admin, dana } = ACCOUNT_LOGINS;
const routes = (result: { findings: Array<{ method: string; path: string }> }) => result.findings.map((finding) => `${finding.method} ${finding.path}`).sort();

describe('bfla', () => {
  it("reports each administrative operation an ordinary user's token gets into, as high", async () => {
    const { result, data } = await scanAccountApi({
      flaws: ['admin-users-open', 'sales-report-open', 'role-change-open'],
      checks: ['bfla'],
      users: [alice, bob, admin],
    });
    expect(routes(result)).toEqual(['GET /admin/users', 'GET /reports/sales', 'PUT /users/{id}/role']);
    for (const finding of result.findings) expect(finding).toMatchObject({ rule: 'bfla', owasp: 'API5:2023', cwe: 'CWE-285', severity: 'high' });
    const users = result.findings.find((finding) => finding.path === '/admin/users')!;
    expect(users.title).toMatch(/^(alice|bob), an ordinary user, is let into an administrative operation \(tagged admin\): HTTP 200$/);
    expect(users.evidence.response).toContain('carol@shop.test');
    expect(scanText(result)).not.toMatch(/secret-pass|-token-\dx7q2/);
    expect(data.accounts.map((account) => account.role)).toEqual(['user', 'user', 'admin', 'admin', 'user']);
  });

  it("changes a role only on the caller's own account, to the role it already has", async () => {
    const { result, data } = await scanAccountApi({ flaws: ['role-change-open'], checks: ['bfla'], users: [alice, bob] });
    const finding = result.findings.find((candidate) => candidate.path === '/users/{id}/role')!;
    expect(finding.title).toContain('it changes roles or permissions');
    expect(finding.evidence.request).toMatch(/^PUT http:\/\/127\.0\.0\.1:\d+\/users\/1\/role\n[\s\S]*\{"role":"user"\}$/);
    expect(data.requests.filter((request) => request.startsWith('PUT')).sort()).toEqual(['PUT /users/1/role', 'PUT /users/2/role']);
    expect(data.accounts.map((account) => account.role)).toEqual(['user', 'user', 'admin', 'admin', 'user']);
  });

  it('takes the user let in where another is refused for the administrator, whatever its name', async () => {
    const { result } = await scanAccountApi({ flaws: ['admin-users-open'], checks: ['bfla'], users: [dana, alice] });
    expect(routes(result)).toEqual(['GET /admin/users']);
    expect(result.findings[0]!.title).toMatch(/^alice, an ordinary user/);
  });

  it('reports nothing when the administrative operations refuse ordinary users, though administrators get in', async () => {
    const { result } = await scanAccountApi({ checks: ['bfla'], users: [alice, bob, admin] });
    expect(result.findings).toEqual([]);
    const unnamed = await scanAccountApi({ checks: ['bfla'], users: [dana, alice] });
    expect(unnamed.result.findings).toEqual([]);
  });

  it('calls with a single user, taken for an ordinary one', async () => {
    const vulnerable = await scanAccountApi({ flaws: ['sales-report-open'], checks: ['bfla'], users: [alice] });
    expect(routes(vulnerable.result)).toEqual(['GET /reports/sales']);
    const protectedApi = await scanAccountApi({ checks: ['bfla'], users: [alice] });
    expect(protectedApi.result.findings).toEqual([]);
  });

  it('notes when only administrators were given', async () => {
    const { result } = await scanAccountApi({ flaws: ['admin-users-open'], checks: ['bfla'], users: [admin] });
    expect(result.findings).toEqual([]);
    expect(result.notes).toContainEqual(expect.stringContaining('bfla: every user given is an administrator (admin)'));
  });
});
