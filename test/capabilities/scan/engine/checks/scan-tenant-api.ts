import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ALL_CHECKS, type RuleName } from '../../../../../src/capabilities/scan/engine/checks/all-checks.js';
import { runScan, type ScanResult } from '../../../../../src/capabilities/scan/engine/run-scan.js';
import { SecretRegistry } from '../../../../../src/safety/secret-registry.js';
import { VariableScope } from '../../../../../src/workspace/variable-scope.js';
import { startTenantApi, type TenantApi } from '../../../../apis/tenant-api/tenant-api.js';

/** Starts the tenant API (or its secure twin) on loopback and scans it as alice and bob through runScan. */
export async function scanTenantApi({ secure = false, checks }: { secure?: boolean; checks: RuleName[] }): Promise<{ result: ScanResult; api: TenantApi }> {
  const projectRoot = await mkdtemp(path.join(os.tmpdir(), 'falcon-tenant-scan-'));
  const api = await startTenantApi({ secure });
  try {
    const result = await runScan(
      {
        projectRoot,
        spec: api.specFile,
        baseUrl: api.url,
        variables: new VariableScope(projectRoot, {}),
        secrets: new SecretRegistry(),
        users: [api.logins.alice, api.logins.bob],
        checks,
        rate: 1000,
        maxRate: 1000,
      },
      ALL_CHECKS,
    );
    return { result, api };
  } finally {
    await api.close();
    await rm(projectRoot, { recursive: true, force: true });
  }
}

/** `severity rule METHOD path`, sorted: what a test compares. */
export function findingLines(result: ScanResult): string[] {
  return result.findings.map((finding) => `${finding.severity} ${finding.rule} ${finding.method} ${finding.path}`).sort();
}
