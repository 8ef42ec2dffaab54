import { describe, expect, it } from 'vitest';
import { findingLines, scanTenantApi } from './scan-tenant-api.js';

const SWAP_TITLE = (place: string) =>
  new RegExp(
    `^(bob sends alice's orgId \\(acme-4f1c\\)|alice sends bob's orgId \\(globex-9d2e\\)) in ${place} and .+ data comes back; with its own orgId it gets its own$`,
  );

describe('bola: tenant ids outside the path', () => {
  it("proves another organisation's projects through ?orgId=, its invoices through X-Org-Id and its reports through a search's body, each user's own id from its own answers", async () => {
    const { result } = await scanTenantApi({ checks: ['bola'] });
    expect(findingLines(result)).toEqual(['high bola GET /invoices', 'high bola GET /projects', 'high bola POST /reports/search']);
    const projects = result.findings.find((finding) => finding.path === '/projects')!;
    expect(projects.title).toMatch(SWAP_TITLE('the query parameter'));
    // The request that showed it: the other organisation's id, and what that organisation holds coming back.
    expect(projects.evidence.request).toMatch(/\/projects\?orgId=(acme-4f1c|globex-9d2e)/);
    expect(projects.evidence.response).toMatch(/Rocket sled|Hover boots/);
    const invoices = result.findings.find((finding) => finding.path === '/invoices')!;
    expect(invoices.title).toContain('in the header');
    expect(invoices.evidence.request).toMatch(/X-Org-Id: (acme-4f1c|globex-9d2e)/i);
    const reports = result.findings.find((finding) => finding.path === '/reports/search')!;
    expect(reports.title).toMatch(SWAP_TITLE('the body field'));
    const swapped = reports.title.startsWith('bob')
      ? { asker: 'bob', org: 'acme-4f1c', report: 'Quarterly rocket sales' }
      : { asker: 'alice', org: 'globex-9d2e', report: 'Hover boot returns' };
    expect(reports.evidence.request).toContain(`session_of_${swapped.asker}`);
    expect(reports.evidence.request).toMatch(new RegExp(`"orgId":"${swapped.org}"`));
    expect(reports.evidence.response).toContain(swapped.report);
  });

  it('finds nothing on the secure twin, which answers 403 to another organisation’s id', async () => {
    const { result } = await scanTenantApi({ secure: true, checks: ['bola'] });
    expect(findingLines(result)).toEqual([]);
  });
});

describe('bfla: an administrative operation of one’s own organisation', () => {
  it("proves another organisation's audit log through GET /admin/audit?orgId=, and does not take a member reading their own organisation's for a finding", async () => {
    const { result } = await scanTenantApi({ checks: ['bfla'] });
    expect(findingLines(result)).toEqual(['high bfla GET /admin/audit']);
    const [audit] = result.findings;
    expect(audit!.title).toMatch(SWAP_TITLE('the query parameter'));
    expect(audit!.evidence.request).toMatch(/\/admin\/audit\?orgId=(acme-4f1c|globex-9d2e)/);
    expect(audit!.evidence.response).toMatch(/approved the Giant magnet budget|exported the customer list/);
    // Each member's own organisation's log is theirs to read: said, not reported.
    expect(result.notes).toContainEqual(
      expect.stringMatching(/^bfla: GET \/admin\/audit answers alice, bob for their own orgId: an operation of one's own tenant/),
    );
  });

  it('finds nothing on the secure twin, and bola leaves the administrative operation to bfla', async () => {
    const secure = await scanTenantApi({ secure: true, checks: ['bfla', 'bola'] });
    expect(findingLines(secure.result)).toEqual([]);
    const vulnerable = await scanTenantApi({ checks: ['bfla', 'bola'] });
    expect(findingLines(vulnerable.result).filter((line) => line.includes('/admin/audit') || line.includes('/reports/search'))).toEqual([
      'high bfla GET /admin/audit',
      'high bola POST /reports/search',
    ]);
  });
});
