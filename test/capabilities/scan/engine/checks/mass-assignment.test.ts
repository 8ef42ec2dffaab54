import { describe, expect, it } from 'vitest';
import { ACCOUNT_LOGINS } from '../../../../apis/account-api.js';
import { scanAccountApi, scanText } from './scan-account-api.js';

const { alice, bob, admin } = ACCOUNT_LOGINS;

describe('mass_assignment', () => {
  it('reports a role stored through PATCH /me, proven by reading it back, and puts the old role back', async () => {
    const { result, data } = await scanAccountApi({ flaws: ['me-mass-assignment'], checks: ['mass_assignment'], users: [admin, alice, bob] });
    expect(result.findings).toHaveLength(1);
    const [finding] = result.findings;
    expect(finding).toMatchObject({ rule: 'mass_assignment', owasp: 'API3:2023', cwe: 'CWE-915', severity: 'high', method: 'PATCH', path: '/me' });
    expect(finding!.title).toContain('role="admin" sent by alice');
    expect(finding!.evidence.request).toMatch(/^PATCH http:\/\/127\.0\.0\.1:\d+\/me\n[\s\S]*"displayName":"Alice Liddell"[\s\S]*"role":"admin"/);
    expect(finding!.evidence.response).toMatch(/^HTTP 200[\s\S]*"role":"admin"/);
    expect(data.accounts.find((account) => account.username === 'alice')).toMatchObject({
      role: 'user',
      displayName: 'Alice Liddell',
      email: 'alice@shop.test',
    });
    expect(data.accounts.find((account) => account.username === 'admin')).toMatchObject({ displayName: 'Shop Admin' });
    expect(scanText(result)).not.toMatch(/secret-pass|-token-\dx7q2/);
  });

  it('reports a price stored on create and on update, and restores the updated order', async () => {
    const { result, data } = await scanAccountApi({ flaws: ['order-price'], checks: ['mass_assignment'], users: [alice, bob] });
    expect(result.findings.map((finding) => [finding.severity, finding.method, finding.path]).sort()).toEqual([
      ['high', 'PATCH', '/orders/{orderId}'],
      ['high', 'POST', '/orders'],
    ]);
    const create = result.findings.find((finding) => finding.method === 'POST')!;
    expect(create.title).toContain('price=0.01');
    expect(create.evidence.request).toContain('"price":0.01');
    expect(create.evidence.response).toContain('"price":0.01');
    expect(data.orders.get(1)).toMatchObject({ price: 25, quantity: 2, note: 'Ring the bell.' });
    expect(result.residue.created).toContainEqual({
      user: 'alice',
      create: 'POST /orders',
      location: expect.stringMatching(/^\/orders\/\d+$/),
      why: 'deleting it needs --allow-destructive',
    });
    expect(result.residue.fields).toEqual([]);
  });

  it("leaves other users' objects alone, even when the user's listing shows them", async () => {
    const { data } = await scanAccountApi({ flaws: ['order-price', 'orders-of-everyone'], checks: ['mass_assignment'], users: [alice] });
    expect(data.requests.filter((request) => request.startsWith('PATCH /orders/'))).toEqual(['PATCH /orders/1', 'PATCH /orders/1']);
    expect(data.orders.get(2)).toMatchObject({ price: 12.5, note: 'Leave it at the door.' });
  });

  it('reports nothing when the API ignores the properties a client may not set', async () => {
    const { result, data } = await scanAccountApi({ checks: ['mass_assignment'], users: [alice, bob] });
    expect(result.findings).toEqual([]);
    expect(data.accounts.find((account) => account.username === 'alice')).toMatchObject({ role: 'user', displayName: 'Alice Liddell' });
    expect(data.orders.get(1)).toMatchObject({ price: 25 });
    expect(data.requests.filter((request) => request.startsWith('DELETE'))).toEqual([]);
  });

  it('notes that it needs a user', async () => {
    const { result } = await scanAccountApi({ flaws: ['me-mass-assignment'], checks: ['mass_assignment'], users: [] });
    expect(result.findings).toEqual([]);
    expect(result.notes).toEqual([expect.stringContaining('mass_assignment: needs a user')]);
  });
});
