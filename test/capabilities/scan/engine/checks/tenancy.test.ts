import { describe, expect, it } from 'vitest';
import { findingLines, scanTenantApi } from './scan-tenant-api.js';

describe('bola: tenant ids outside the path', () => {
  it("proves another organisation's projects through ?orgId= and its invoices through X-Org-Id, each user's own id from its own answers", async () => {
    const { result } = await scanTenantApi({ checks: ['bola'] });
    expect(findingLines(result)).toEqual(['high bola GET /invoices', 'high bola GET /projects']);
    const projects = result.findings.find((finding) => finding.path === '/projects')!;
    expect(projects.title).toMatch(
      /^(bob sends alice's orgId \(acme-4f1c\)|alice sends bob's orgId \(globex-9d2e\)) in the query parameter and .+ data comes back; with its own orgId it gets its own$/,
    );
    // The request that showed it: the other organisation's id, and what that organisation holds coming back.
    expect(projects.evidence.request).toMatch(/\/projects\?orgId=(acme-4f1c|globex-9d2e)/);
    expect(projects.evidence.response).toMatch(/Rocket sled|Hover boots/);
    const invoices = result.findings.find((finding) => finding.path === '/invoices')!;
    expect(invoices.title).toContain('in the header');
    expect(invoices.evidence.request).toMatch(/X-Org-Id: (acme-4f1c|globex-9d2e)/i);
  });

  it('finds nothing on the secure twin, which answers 403 to another organisation’s id', async () => {
    const { result } = await scanTenantApi({ secure: true, checks: ['bola'] });
    expect(findingLines(result)).toEqual([]);
  });
});
