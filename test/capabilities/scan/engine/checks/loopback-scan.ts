import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ALL_CHECKS } from '../../../../../src/capabilities/scan/engine/checks/all-checks.js';
import { runScan, type ScanResult } from '../../../../../src/capabilities/scan/engine/run-scan.js';
import type { RuleName } from '../../../../../src/capabilities/scan/engine/checks/all-checks.js';
import { SecretRegistry } from '../../../../../src/safety/secret-registry.js';
import { VariableScope } from '../../../../../src/workspace/variable-scope.js';
import { closeServer, listenOnLoopback, servingWith, type RequestHandler } from '../../../../apis/loopback-server.js';

export interface LoopbackScan {
  /** OpenAPI 3 `paths` of the API's spec. */
  paths: Record<string, unknown>;
  /** The API on 127.0.0.1. */
  handler: RequestHandler;
  checks: RuleName[];
  /** `NAME:TOKEN` identities. */
  tokens?: string[];
  secrets?: SecretRegistry;
  /** The spec's `servers` URLs (the scan still goes to the loopback API). */
  servers?: string[];
  allowDestructive?: boolean;
  /** `--canary-host`. */
  canaryHost?: string;
}

/** Serves `handler` on a loopback port, writes its spec to a temp project and scans it with `checks`. */
export async function scanLoopbackApi({
  paths,
  handler,
  checks,
  tokens,
  secrets = new SecretRegistry(),
  servers,
  allowDestructive,
  canaryHost,
}: LoopbackScan): Promise<ScanResult> {
  const projectRoot = await mkdtemp(path.join(os.tmpdir(), 'falcon-scan-'));
  const server = createServer(servingWith(handler));
  try {
    const baseUrl = await listenOnLoopback(server);
    const spec = path.join(projectRoot, 'openapi.json');
    const document = {
      openapi: '3.0.3',
      info: { title: 'Loopback API', version: '1.0.0' },
      ...(servers && { servers: servers.map((url) => ({ url })) }),
      paths,
    };
    await writeFile(spec, JSON.stringify(document));
    return await runScan(
      {
        projectRoot,
        spec,
        baseUrl,
        variables: new VariableScope(projectRoot, {}),
        secrets,
        checks,
        rate: 1000,
        maxRate: 1000,
        ...(tokens && { tokens }),
        ...(allowDestructive && { allowDestructive }),
        ...(canaryHost && { canaryHost }),
      },
      ALL_CHECKS,
    );
  } finally {
    await closeServer(server);
    await rm(projectRoot, { recursive: true, force: true });
  }
}
