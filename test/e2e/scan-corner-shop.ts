import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ALL_CHECKS } from '../../src/capabilities/scan/engine/checks/all-checks.js';
import { runScan, type ScanResult } from '../../src/capabilities/scan/engine/run-scan.js';
import { SecretRegistry } from '../../src/safety/secret-registry.js';
import { VariableScope } from '../../src/workspace/variable-scope.js';
import { REQUESTS_PER_SECOND } from '../apis/vulnerable-api/rate-limit.js';
import { startVulnerableApi } from '../apis/vulnerable-api/vulnerable-api.js';

/**
 * The API answers 429 past REQUESTS_PER_SECOND to one operation. The scan paces all its requests
 * together, but the injection checks probe one operation dozens of times in a row: at the limit
 * itself some of their probes already get 429 and test nothing, one below it none do.
 */
const SCAN_RATE = REQUESTS_PER_SECOND - 1;

/** The rules that discover what the API serves beyond its spec and whom it shares answers with: found or not whatever the machine's pace. */
export const DISCOVERY_RULES = ['undocumented_endpoints', 'cors'];

/** A signed token as the API issues them (three base64url parts). */
const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]*/g;

export interface ShopScan {
  result: ScanResult;
  seconds: number;
  /** Requests the API answered 429 (resource_limits' bursts are meant to get some). */
  throttled: number;
  /** What the scan's JSON holds of the users' passwords, the tokens it logged in with, or any token the API signed. */
  leaks: string[];
}

/** Scans a fresh start of the vulnerable API (or its secure twin) as alice, bob and admin, destructive checks included. */
export async function scanCornerShop(options: { secure: boolean }): Promise<ShopScan> {
  const projectRoot = await mkdtemp(path.join(os.tmpdir(), 'falcon-shop-scan-'));
  const api = await startVulnerableApi(options);
  const secrets = new SecretRegistry();
  try {
    const started = performance.now();
    const result = await runScan(
      {
        projectRoot,
        spec: api.specFile,
        baseUrl: api.url,
        variables: new VariableScope(projectRoot, {}),
        secrets,
        users: Object.values(api.users).map(({ username, password }) => `${username}:${password}`),
        allowDestructive: true,
        rate: SCAN_RATE,
      },
      ALL_CHECKS,
    );
    const seconds = (performance.now() - started) / 1000;
    const json = JSON.stringify(result);
    const credentials = [...Object.values(api.users).map((user) => user.password), ...secrets.labelledValues().map((secret) => secret.value)];
    const leaks = [...credentials.filter((credential) => json.includes(credential)), ...[...json.matchAll(JWT)].map((match) => match[0])];
    return { result, seconds, throttled: api.log.filter((line) => line.endsWith(' 429')).length, leaks };
  } finally {
    await api.close();
    await rm(projectRoot, { recursive: true, force: true });
  }
}
