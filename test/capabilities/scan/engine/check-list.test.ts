import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ALL_CHECKS, RULE_NAMES } from '../../../../src/capabilities/scan/engine/checks/all-checks.js';
import { loadChecks } from '../../../../src/capabilities/scan/engine/load-checks.js';
import { scanSarif } from '../../../../src/capabilities/scan/engine/report/scan-sarif.js';
import { checkRows } from '../../../../src/capabilities/scan/engine/report/scan-report-parts.js';
import { runScan } from '../../../../src/capabilities/scan/engine/run-scan.js';
import type { CheckTable, SecurityCheck } from '../../../../src/capabilities/scan/engine/security-check.js';
import { SecretRegistry } from '../../../../src/safety/secret-registry.js';
import { VariableScope } from '../../../../src/workspace/variable-scope.js';
import { closeServer, listenOnLoopback } from '../../../apis/loopback-server.js';
import { owaspReference } from '../../../../src/capabilities/scan/engine/report/security-references.js';

const checks = await loadChecks(ALL_CHECKS);

/** An API that answers 200 to everything, TRACE echoing the request back, with no security header. */
async function scanCarelessApi(table: CheckTable, names?: string[]) {
  const projectRoot = await mkdtemp(path.join(os.tmpdir(), 'falcon-check-list-'));
  const server = createServer((request, response) => {
    if (request.method === 'TRACE')
      return void response.writeHead(200, { 'content-type': 'message/http' }).end(
        `TRACE ${request.url} HTTP/1.1\r\n${Object.entries(request.headers)
          .map(([name, value]) => `${name}: ${String(value)}`)
          .join('\r\n')}\r\n`,
      );
    response.writeHead(200, { 'content-type': 'application/json', 'x-powered-by': 'Express' }).end('{"id":7}');
  });
  try {
    const baseUrl = await listenOnLoopback(server);
    const spec = path.join(projectRoot, 'openapi.json');
    const paths = {
      '/users/{id}': {
        get: {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' }, example: 7 }],
          responses: { '200': { description: 'A user' } },
        },
      },
    };
    await writeFile(spec, JSON.stringify({ openapi: '3.0.3', info: { title: 'Careless API', version: '1.0.0' }, paths }));
    return await runScan(
      {
        projectRoot,
        spec,
        baseUrl,
        variables: new VariableScope(projectRoot, {}),
        secrets: new SecretRegistry(),
        rate: 1000,
        maxRate: 1000,
        ...(names && { checks: names }),
      },
      table,
    );
  } finally {
    await closeServer(server);
    await rm(projectRoot, { recursive: true, force: true });
  }
}

describe('the list of security checks', () => {
  it('names each check once, and each declares what it finds, its OWASP entry, CWE, proof, remediation, a run order (the injection checks share one) and its probes', () => {
    expect(checks.map((check) => check.id)).toEqual(RULE_NAMES);
    expect(new Set(checks).size).toBe(checks.length);
    for (const check of checks) {
      expect(check.id, check.id).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(check.owasp, check.id).toMatch(/^API(10|[1-9]):2023$/);
      expect(owaspReference(check.owasp).url, check.id).toBeDefined();
      expect(check.cwe, check.id).toMatch(/^CWE-\d+$/);
      for (const text of [check.title, check.proof, check.remediation]) expect(text.length, check.id).toBeGreaterThan(10);
      expect(typeof (check.run ?? check.runGraphQL), check.id).toBe('function');
    }
    const injection = ['ssrf', 'sqli', 'nosqli', 'command_injection', 'path_traversal'];
    expect(new Set(checks.filter((check) => injection.includes(check.id)).map((check) => check.runOrder)).size).toBe(1);
    expect(new Set(checks.map((check) => check.title)).size).toBe(checks.length);
  });

  it("runs the checks by their declared order, and the findings, report rows and SARIF rules carry each check's own declarations", async () => {
    const ran = ['undocumented_endpoints', 'trace', 'security_headers'];
    const result = await scanCarelessApi(ALL_CHECKS, ran);
    const declared = new Map(checks.map((check) => [check.id, check]));
    expect(result.checks).toEqual([...ran].sort((a, b) => declared.get(a)!.runOrder - declared.get(b)!.runOrder));
    expect(new Set(result.findings.map((finding) => finding.rule))).toEqual(new Set(['trace', 'security_headers']));
    for (const finding of result.findings) {
      const check = declared.get(finding.rule)!;
      expect([finding.owasp, finding.cwe, finding.remediation]).toEqual([check.owasp, check.cwe, check.remediation]);
    }
    expect(checkRows(result)).toEqual(
      result.checks.map((rule) => expect.objectContaining({ rule, owasp: owaspReference(declared.get(rule)!.owasp).name, cwe: declared.get(rule)!.cwe })),
    );
    const rules = scanSarif(result, { version: '0.0.0' }).runs[0]!.tool.driver.rules!;
    expect(rules.map((rule) => [rule.id, rule.shortDescription?.text, rule.fullDescription?.text])).toEqual(
      RULE_NAMES.filter((name) => result.findings.some((finding) => finding.rule === name)).map((name) => [
        name,
        declared.get(name)!.title,
        `Reported when ${declared.get(name)!.proof}.`,
      ]),
    );
  });

  it('runs no GraphQL-only rule on a REST API, and says so when one is named', async () => {
    const result = await scanCarelessApi(ALL_CHECKS, ['trace', 'graphql_introspection']);
    expect(result.checks).toEqual(['trace']);
    expect(result.notes).toEqual(['graphql_introspection: it has no probes for a REST API (it probes GraphQL endpoints: --graphql URL)']);
  });

  it('names findings by the key a table gives a check, so a new check needs no name anywhere else', async () => {
    const result = await scanCarelessApi({ echoed_requests: ALL_CHECKS.trace, stale_versions: ALL_CHECKS.undocumented_endpoints });
    expect(result.checks).toEqual(['echoed_requests', 'stale_versions']);
    expect(result.findings.map((finding) => finding.rule)).toEqual(['echoed_requests']);
    expect(Object.keys(result.rules)).toEqual(['echoed_requests', 'stale_versions']);
  });

  it('runs checks of the same run order side by side, and keeps their findings and notes in the order of the table', async () => {
    const sent: string[] = [];
    let secondSent!: () => void;
    const secondHasSent = new Promise<void>((resolve) => (secondSent = resolve));
    const check = (name: string, runOrder: number, run: SecurityCheck['run']) => () =>
      Promise.resolve({
        title: `the ${name} check`,
        owasp: 'API8:2023',
        cwe: 'CWE-20',
        proof: 'what it proves',
        remediation: 'what to do about it',
        runOrder,
        run,
      });
    const result = await scanCarelessApi({
      first: check('first', 10, async (ctx) => {
        await secondHasSent;
        const exchange = await ctx.send({ method: 'GET', path: '/users/7' }, undefined);
        sent.push('first');
        ctx.note('first: a note');
        ctx.report({ severity: 'low', operation: { method: 'GET', path: '/users/{id}' }, title: 'found by the first', exchange });
      }),
      second: check('second', 10, async (ctx) => {
        const exchange = await ctx.send({ method: 'GET', path: '/users/7' }, undefined);
        sent.push('second');
        secondSent();
        ctx.note('second: a note');
        ctx.report({ severity: 'low', operation: { method: 'GET', path: '/users/{id}' }, title: 'found by the second', exchange });
      }),
      after: check('after', 20, async (ctx) => {
        sent.push('after');
        await Promise.resolve(ctx.note('after: a note'));
      }),
    });
    expect(sent).toEqual(['second', 'first', 'after']);
    expect(result.findings.map((finding) => finding.rule)).toEqual(['first', 'second']);
    expect(result.notes).toEqual(['first: a note', 'second: a note', 'after: a note']);
  });

  // On Node 20 a storage that ever ran stays in a list every promise created afterwards walks: one per scan made a
  // session slower with each scan, and the unit tests a third slower.
  it('marks the work of its checks in the same async storages, scan after scan', async () => {
    const run = vi.spyOn(AsyncLocalStorage.prototype, 'run');
    try {
      const storagesOf = async () => {
        run.mockClear();
        await scanCarelessApi(ALL_CHECKS, ['trace', 'security_headers']);
        return new Set(run.mock.contexts);
      };
      const first = await storagesOf();
      expect(first.size).toBeGreaterThan(0);
      expect(await storagesOf()).toEqual(first);
    } finally {
      run.mockRestore();
    }
  });
});
