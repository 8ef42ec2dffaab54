import { describe, expect, it } from 'vitest';
import { findingLines, scanTenantApi } from './scan-tenant-api.js';

describe('passive rules read every answer', () => {
  it("finds the password hashes one level down, in /orgs/{orgId}/members with the user's own org, masked", async () => {
    const { result, api } = await scanTenantApi({ checks: ['sensitive_data'] });
    expect(findingLines(result)).toEqual(['high sensitive_data GET /orgs/{orgId}/members']);
    const members = result.findings[0]!;
    expect(members.title).toMatch(/^answers (alice|bob) with a password hash \(\[0\]\.passwordHash, \[1\]\.passwordHash\)$/);
    expect(members.evidence.request).toMatch(/\/orgs\/(acme-4f1c|globex-9d2e)\/members/);
    for (const user of api.data.users) expect(JSON.stringify(result)).not.toContain(user.passwordHash.slice(7));
  });

  it('reads the answers other checks get: bola alone sends the reads, sensitive_data reports what came back in them', async () => {
    const { result } = await scanTenantApi({ checks: ['bola', 'sensitive_data'] });
    expect(findingLines(result)).toContain('high sensitive_data GET /orgs/{orgId}/members');
  });

  it('reports nothing on the secure twin, whose members carry no hash', async () => {
    const { result } = await scanTenantApi({ secure: true, checks: ['sensitive_data', 'verbose_errors', 'cookie_flags'] });
    expect(findingLines(result)).toEqual([]);
  });
});
