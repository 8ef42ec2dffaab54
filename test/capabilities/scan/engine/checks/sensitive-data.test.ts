import { describe, expect, it } from 'vitest';
import { ACCOUNT_LOGINS } from '../../../../apis/account-api.js';
import { scanAccountApi, scanText } from './scan-account-api.js';

const { alice, bob } = ACCOUNT_LOGINS;
const HASH = '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy';
const findingsOf = (result: { findings: Array<{ severity: string; method: string; path: string }> }) =>
  result.findings.map((finding) => `${finding.severity} ${finding.method} ${finding.path}`).sort();

describe('sensitive_data', () => {
  it('reports a password hash in the account as high, the hash masked to its algorithm in the evidence', async () => {
    const { result } = await scanAccountApi({ flaws: ['me-hash'], checks: ['sensitive_data'], users: [alice, bob] });
    // The login answers with the same account view.
    expect(findingsOf(result)).toEqual(['high GET /me', 'high GET /users/{id}', 'high POST /auth/login']);
    const me = result.findings.find((finding) => finding.path === '/me')!;
    expect(me).toMatchObject({ rule: 'sensitive_data', owasp: 'API3:2023', cwe: 'CWE-213' });
    expect(me.title).toBe('answers alice with a password hash (passwordHash)');
    expect(me.evidence.response).toContain('"passwordHash":"$2b$10$…[masked]"');
    expect(scanText(result)).not.toContain(HASH.slice(7));
  });

  it("reports a hash in the login's answer, not the caller's own token there", async () => {
    const { result } = await scanAccountApi({ flaws: ['login-hash'], checks: ['sensitive_data'], users: [alice, bob] });
    expect(findingsOf(result)).toEqual(['high POST /auth/login']);
    expect(result.findings[0]!.title).toBe('answers alice with a password hash (user.passwordHash)');
    expect(scanText(result)).not.toMatch(/secret-pass|-token-\dx7q2/);
  });

  it('reports API keys in a public list, answered with no credentials too, masked', async () => {
    const { result } = await scanAccountApi({ flaws: ['product-keys'], checks: ['sensitive_data'], users: [alice] });
    expect(findingsOf(result)).toEqual(['high GET /products', 'high GET /products/{productId}']);
    const list = result.findings.find((finding) => finding.path === '/products')!;
    expect(list.title).toBe('answers alice with a secret ([0].supplier.apiKey, [1].supplier.apiKey, [2].supplier.apiKey)');
    expect(list.evidence.response).toContain('"supplier":{"name":"Acme","apiKey":"[masked]"}');
    expect(scanText(result)).not.toContain('f00dfeedbeef');
    const anonymous = await scanAccountApi({ flaws: ['product-keys'], checks: ['sensitive_data'], users: [] });
    expect(anonymous.result.findings.find((finding) => finding.path === '/products')!.title).toMatch(/^answers a caller with no credentials with a secret/);
  });

  it("reports other users' records in the caller's own list as medium", async () => {
    const { result } = await scanAccountApi({ flaws: ['orders-of-everyone'], checks: ['sensitive_data'], users: [alice, bob] });
    expect(findingsOf(result)).toEqual(['medium GET /orders']);
    expect(result.findings[0]!.title).toMatch(/^answers (alice with bob|bob with alice)'s records too \(userId: [12]\)$/);
  });

  it('reports nothing when answers carry only what the caller may see, its own token included', async () => {
    const { result } = await scanAccountApi({ checks: ['sensitive_data'], users: [alice, bob, ACCOUNT_LOGINS.admin] });
    expect(result.findings).toEqual([]);
  });
});
