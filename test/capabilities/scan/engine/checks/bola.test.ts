import { describe, expect, it } from 'vitest';
import { ACCOUNT_LOGINS } from '../../../../apis/account-api.js';
import { scanAccountApi, scanText } from './scan-account-api.js';

const users = [ACCOUNT_LOGINS.alice, ACCOUNT_LOGINS.bob, ACCOUNT_LOGINS.admin];
const secrets = ['alice-secret-pass-1', 'bob-secret-pass-2', 'admin-secret-pass-3', 'alice-token-1x7q2', 'bob-token-2x7q2', 'admin-token-3x7q2'];

describe('bola', () => {
  it("reports another user reading an order, with the owner's data in the evidence, as high", async () => {
    const { result } = await scanAccountApi({ flaws: ['read-any-order'], checks: ['bola'], users });
    const finding = result.findings.find((candidate) => candidate.method === 'GET' && candidate.path === '/orders/{orderId}');
    expect(finding).toMatchObject({ rule: 'bola', owasp: 'API1:2023', cwe: 'CWE-639', severity: 'high' });
    expect(finding!.evidence.request).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/orders\/[12]\n/);
    expect(finding!.evidence.response).toMatch(/^HTTP 200/);
    expect(finding!.evidence.response).toMatch(/Ring the bell\.|Leave it at the door\./);
    expect(result.findings.map((candidate) => `${candidate.method} ${candidate.path}`)).toEqual(['GET /orders/{orderId}']);
    for (const secret of secrets) expect(scanText(result)).not.toContain(secret);
  });

  it("reports a write accepted on another user's order as critical, writing back the owner's own values", async () => {
    const { result, data } = await scanAccountApi({ flaws: ['write-any-order'], checks: ['bola'], users });
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ rule: 'bola', severity: 'critical', method: 'PATCH', path: '/orders/{orderId}' });
    expect(result.findings[0]!.evidence.request).toMatch(/"note":"(Ring the bell\.|Leave it at the door\.)"/);
    expect(data.orders.get(1)).toMatchObject({ quantity: 2, note: 'Ring the bell.', price: 25 });
    expect(data.orders.get(2)).toMatchObject({ quantity: 1, note: 'Leave it at the door.', price: 12.5 });
  });

  it("reports another user's account read by id, from each user's own profile", async () => {
    const { result } = await scanAccountApi({ flaws: ['read-any-user'], checks: ['bola'], users });
    expect(result.findings.map((finding) => [finding.severity, finding.method, finding.path])).toEqual([['high', 'GET', '/users/{id}']]);
    expect(result.findings[0]!.evidence.response).toMatch(/(alice|bob)@shop\.test/);
  });

  it('reports a neighbouring id whose owner field names someone else', async () => {
    const { result } = await scanAccountApi({ flaws: ['archived-orders-open'], checks: ['bola'], users });
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ severity: 'high', method: 'GET', path: '/orders/{orderId}' });
    expect(result.findings[0]!.title).toContain('orderId=3');
    expect(result.findings[0]!.evidence.response).toContain('"userId":9');
  });

  it('creates an object when no listing shows one, and reports it read by the other user', async () => {
    const { result, data } = await scanAccountApi({ flaws: ['read-any-note'], checks: ['bola'], users });
    expect(result.findings.map((finding) => [finding.severity, finding.method, finding.path])).toEqual([['high', 'GET', '/notes/{noteId}']]);
    expect(data.notes.size).toBe(1);
    expect(result.residue.created).toEqual([
      { user: expect.any(String), create: 'POST /notes', location: expect.stringMatching(/^\/notes\/\d+$/), why: 'deleting it needs --allow-destructive' },
    ]);
  });

  it("reports nothing on the protected API, where other users' objects answer 403 or 404, and sends no DELETE", async () => {
    const { result, data } = await scanAccountApi({ checks: ['bola'], users });
    expect(result.findings).toEqual([]);
    expect(data.requests.filter((request) => request.startsWith('DELETE'))).toEqual([]);
    expect(data.orders.get(1)).toMatchObject({ quantity: 2, note: 'Ring the bell.' });
  });

  it('does not report objects every user lists, nor data anyone may read', async () => {
    const { result } = await scanAccountApi({
      flaws: ['orders-of-everyone', 'read-any-order'],
      checks: ['bola'],
      users,
      without: ['/notes', '/notes/{noteId}'],
    });
    expect(result.findings.filter((finding) => finding.path === '/products/{productId}')).toEqual([]);
  });

  it('notes that it needs two users', async () => {
    const { result } = await scanAccountApi({ flaws: ['read-any-order'], checks: ['bola'], users: [ACCOUNT_LOGINS.alice] });
    expect(result.findings).toEqual([]);
    expect(result.notes).toEqual([expect.stringContaining('bola: needs two users')]);
  });
});
