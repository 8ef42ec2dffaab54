import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CHECKS, type RuleName } from '../../../../src/capabilities/scan/engine/checks/all-checks.js';
import { loadChecks } from '../../../../src/capabilities/scan/engine/load-checks.js';
import { runScan, type ScanOptions } from '../../../../src/capabilities/scan/engine/run-scan.js';
import { TargetUnreachableError } from '../../../../src/engines/http/target-unreachable-error.js';
import { ScanUsageError } from '../../../../src/capabilities/scan/engine/scan-usage-error.js';
import { SecretRegistry } from '../../../../src/safety/secret-registry.js';
import { VariableScope } from '../../../../src/workspace/variable-scope.js';
import { type BookshopGraphQL, startBookshopGraphQL } from '../../../apis/graphql-api/bookshop-graphql.js';
import { scanBookshop } from './checks/graphql-scan.js';

let projectRoot: string;
let twin: BookshopGraphQL;
beforeAll(async () => {
  projectRoot = await mkdtemp(path.join(os.tmpdir(), 'falcon-graphql-target-'));
  twin = await startBookshopGraphQL({ twin: true });
});
afterAll(async () => {
  await twin.close();
  await rm(projectRoot, { recursive: true, force: true });
});

function scanTwin(options: Partial<ScanOptions>) {
  return runScan(
    { projectRoot, variables: new VariableScope(projectRoot, {}), secrets: new SecretRegistry(), rate: 1000, maxRate: 1000, ...options },
    ALL_CHECKS,
  );
}

describe('a scan of a GraphQL endpoint', () => {
  it('runs the rules that have GraphQL probes and no REST check, and names the endpoint as its target', async () => {
    const graphqlRules = (await loadChecks(ALL_CHECKS)).filter((check) => check.runGraphQL).map((check) => check.id);
    const { result } = await scanBookshop({ checks: [...graphqlRules, 'security_headers', 'trace'] as RuleName[] });
    expect(new Set(result.checks)).toEqual(new Set(['graphql_introspection', 'graphql_field_suggestions', 'bola', 'sqli', 'resource_limits']));
    expect(result.target).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/graphql$/);
    expect(result.spec).toBe('GraphQL API');
    expect(result.notes).toEqual(
      expect.arrayContaining(['security_headers: it has no probes for a GraphQL endpoint', 'trace: it has no probes for a GraphQL endpoint']),
    );
    expect(new Set(result.findings.map((finding) => finding.rule))).toEqual(new Set(result.checks));
  });

  it('asks for the SDL file when the endpoint refuses introspection', async () => {
    const scan = scanTwin({ graphql: twin.endpoint, checks: ['graphql_introspection'] });
    await expect(scan).rejects.toThrow(ScanUsageError);
    await expect(scan).rejects.toThrow(/did not answer GraphQL introspection.*give its SDL file with --graphql-schema FILE/);
  });

  it('takes users by bearer token only: --user has no login operation to go through', async () => {
    await expect(scanTwin({ graphql: twin.endpoint, graphqlSchema: twin.sdlFile, users: ['Alice:secret'] })).rejects.toThrow(
      /--user logs in through a REST login operation: .*--token NAME:TOKEN/,
    );
  });

  it("scans a GraphQL spec (the project's, or --spec schema.graphql) as the endpoint at the base URL, with the spec's schema", async () => {
    const planted = await startBookshopGraphQL();
    try {
      const result = await scanTwin({ spec: planted.sdlFile, baseUrl: new URL(planted.endpoint).origin, checks: ['graphql_introspection', 'trace'] });
      expect(result.target).toBe(planted.endpoint);
      expect(result.checks).toEqual(['graphql_introspection']);
      expect(result.findings.map((finding) => finding.rule)).toEqual(['graphql_introspection']);
    } finally {
      await planted.close();
    }
  });

  it('says an endpoint that does not answer cannot be reached, before sending anything, and refuses one that is no http(s) URL', async () => {
    const gone = await startBookshopGraphQL();
    await gone.close();
    await expect(scanTwin({ graphql: gone.endpoint })).rejects.toThrow(TargetUnreachableError);
    await expect(scanTwin({ graphql: 'ftp://127.0.0.1/graphql' })).rejects.toThrow(/--graphql ftp:\/\/127\.0\.0\.1\/graphql: not an http\(s\) URL/);
  });

  it('refuses --graphql-schema without the endpoint', async () => {
    await expect(scanTwin({ graphqlSchema: twin.sdlFile })).rejects.toThrow(/give the endpoint too, --graphql URL/);
  });
});
