import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { ALL_CHECKS, type RuleName } from '../../../src/capabilities/scan/engine/checks/all-checks.js';
import { runScan, type ScanResult } from '../../../src/capabilities/scan/engine/run-scan.js';
import { SecretRegistry } from '../../../src/safety/secret-registry.js';
import { VariableScope } from '../../../src/workspace/variable-scope.js';
import { REQUESTS_PER_SECOND } from './rate-limit.js';
import type { ShopContext } from './shop-context.js';
import { startVulnerableApi } from './vulnerable-api.js';

export interface ShopOperationsScan {
  /** The spec's paths scanned (`/api/v2/brands`); the others are left out of the spec the scan reads. */
  paths: string[];
  checks: RuleName[];
  /** The conforming twin. */
  secure: boolean;
  /**
   * The test's clock: the API's injected sleeps move it on, and so does each answer, by the interval
   * the scan paces its requests at — the scan never waits for its next slot.
   */
  sleep: ShopContext['sleep'];
}

/** One below the API's limit per operation, as the whole scan of the shop is paced. */
const SCAN_RATE = REQUESTS_PER_SECOND - 1;

/**
 * Scans a fresh start of the vulnerable API (or its twin) as alice, bob and admin, with its spec
 * narrowed to `paths`: the planted bugs of a few operations, without the time a whole scan takes.
 */
export async function scanShopOperations({ paths, checks, secure, sleep }: ShopOperationsScan): Promise<ScanResult> {
  const projectRoot = await mkdtemp(path.join(os.tmpdir(), 'falcon-shop-ops-'));
  const api = await startVulnerableApi({ secure, sleep, answerMs: 1000 / SCAN_RATE });
  try {
    const spec = parse(await readFile(api.specFile, 'utf8')) as { paths: Record<string, unknown> };
    spec.paths = Object.fromEntries(Object.entries(spec.paths).filter(([template]) => template === '/auth/login' || paths.includes(template)));
    const specFile = path.join(projectRoot, 'openapi.json');
    await writeFile(specFile, JSON.stringify(spec));
    return await runScan(
      {
        projectRoot,
        spec: specFile,
        baseUrl: api.url,
        variables: new VariableScope(projectRoot, {}),
        secrets: new SecretRegistry(),
        users: Object.values(api.users).map(({ username, password }) => `${username}:${password}`),
        checks,
        rate: SCAN_RATE,
      },
      ALL_CHECKS,
    );
  } finally {
    await api.close();
    await rm(projectRoot, { recursive: true, force: true });
  }
}
