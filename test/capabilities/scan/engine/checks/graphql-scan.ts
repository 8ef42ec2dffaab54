import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ALL_CHECKS, type RuleName } from '../../../../../src/capabilities/scan/engine/checks/all-checks.js';
import { runScan, type ScanResult } from '../../../../../src/capabilities/scan/engine/run-scan.js';
import { SecretRegistry } from '../../../../../src/safety/secret-registry.js';
import { VariableScope } from '../../../../../src/workspace/variable-scope.js';
import { BOOKSHOP_USERS } from '../../../../apis/graphql-api/bookshop-data.js';
import { type BookshopGraphQL, startBookshopGraphQL } from '../../../../apis/graphql-api/bookshop-graphql.js';

export interface BookshopScan {
  result: ScanResult;
  /** What the bookshop executed, caller by caller. */
  executed: BookshopGraphQL['executed'];
}

/**
 * Scans the GraphQL bookshop (or its twin, given its SDL file: it refuses introspection) on
 * loopback with `checks`, as Alice and Bob by their bearer tokens unless `tokens` says otherwise.
 */
export async function scanBookshop(options: { twin?: boolean; checks: RuleName[]; tokens?: string[] }): Promise<BookshopScan> {
  const projectRoot = await mkdtemp(path.join(os.tmpdir(), 'falcon-graphql-scan-'));
  const bookshop = await startBookshopGraphQL({ twin: options.twin ?? false });
  try {
    const result = await runScan(
      {
        projectRoot,
        graphql: bookshop.endpoint,
        ...(options.twin && { graphqlSchema: bookshop.sdlFile }),
        variables: new VariableScope(projectRoot, {}),
        secrets: new SecretRegistry(),
        tokens: options.tokens ?? BOOKSHOP_USERS.map((user) => `${user.name}:${user.token}`),
        checks: options.checks,
        rate: 1000,
        maxRate: 1000,
      },
      ALL_CHECKS,
    );
    return { result, executed: bookshop.executed };
  } finally {
    await bookshop.close();
    await rm(projectRoot, { recursive: true, force: true });
  }
}
