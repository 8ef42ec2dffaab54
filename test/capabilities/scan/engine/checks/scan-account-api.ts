import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ALL_CHECKS } from '../../../../../src/capabilities/scan/engine/checks/all-checks.js';
import { runScan, type ScanResult } from '../../../../../src/capabilities/scan/engine/run-scan.js';
import type { RuleName } from '../../../../../src/capabilities/scan/engine/checks/all-checks.js';
import { SecretRegistry } from '../../../../../src/safety/secret-registry.js';
import { VariableScope } from '../../../../../src/workspace/variable-scope.js';
import { closeServer, listenOnLoopback } from '../../../../apis/loopback-server.js';
import { ACCOUNT_API_SPEC, type AccountData, type AccountFlaw, accountApi } from '../../../../apis/account-api.js';

export interface AccountScan {
  flaws?: AccountFlaw[];
  checks: RuleName[];
  /** `NAME:PASSWORD`, logged in through `POST /auth/login`. */
  users: string[];
  allowDestructive?: boolean;
  /** The spec's paths to leave out. */
  without?: string[];
}

/** Starts an account API with the flaws asked for on a loopback port and scans it through runScan; the API's data is returned for a look after. */
export async function scanAccountApi({
  flaws = [],
  checks,
  users,
  allowDestructive,
  without = [],
}: AccountScan): Promise<{ result: ScanResult; data: AccountData }> {
  const projectRoot = await mkdtemp(path.join(os.tmpdir(), 'falcon-account-scan-'));
  const { handler, data } = accountApi(flaws);
  const server = createServer(handler);
  try {
    const baseUrl = await listenOnLoopback(server);
    const spec = path.join(projectRoot, 'openapi.json');
    const paths = Object.fromEntries(Object.entries(ACCOUNT_API_SPEC.paths).filter(([name]) => !without.includes(name)));
    await writeFile(spec, JSON.stringify({ ...ACCOUNT_API_SPEC, paths }));
    const result = await runScan(
      {
        projectRoot,
        spec,
        baseUrl,
        variables: new VariableScope(projectRoot, {}),
        secrets: new SecretRegistry(),
        users,
        checks,
        rate: 1000,
        maxRate: 1000,
        ...(allowDestructive && { allowDestructive }),
      },
      ALL_CHECKS,
    );
    return { result, data };
  } finally {
    await closeServer(server);
    await rm(projectRoot, { recursive: true, force: true });
  }
}

/** Everything a scan wrote that a person would read: findings and notes. */
export function scanText(result: ScanResult): string {
  return JSON.stringify(result.findings) + JSON.stringify(result.notes);
}
