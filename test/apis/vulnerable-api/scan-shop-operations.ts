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
  /** The API's injected sleeps (a test's clock). */
  sleep?: ShopContext['sleep'];
}

/**
 * Scans a fresh start of the vulnerable API (or its twin) as alice, bob and admin, with its spec
 * narrowed to `paths`: the planted bugs of a few operations, without the time a whole scan takes.
 */
export async function scanShopOperations({ paths, checks, secure, sleep }: ShopOperationsScan): Promise<ScanResult> {
  const projectRoot = await mkdtemp(path.join(os.tmpdir(), 'falcon-shop-ops-'));
  const api = await startVulnerableApi({ secure, ...(sleep && { sleep }) });
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
        // One below the API's limit per operation, as the whole scan of the shop is paced.
        rate: REQUESTS_PER_SECOND - 1,
      },
      ALL_CHECKS,
    );
  } finally {
    await api.close();
    await rm(projectRoot, { recursive: true, force: true });
  }
}
