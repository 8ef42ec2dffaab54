import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ALL_CHECKS } from '../../src/capabilities/scan/engine/checks/all-checks.js';
import type { Finding } from '../../src/capabilities/scan/engine/finding.js';
import { runScan, type ScanResult } from '../../src/capabilities/scan/engine/run-scan.js';
import { SecretRegistry } from '../../src/safety/secret-registry.js';
import { VariableScope } from '../../src/workspace/variable-scope.js';
import { startTenantApi, type TenantApi } from '../apis/tenant-api/tenant-api.js';
import { REQUESTS_PER_SECOND } from '../apis/vulnerable-api/rate-limit.js';
import { startVulnerableApi, type VulnerableApi } from '../apis/vulnerable-api/vulnerable-api.js';
import { useSkippingClock } from '../support/skipping-clock.js';
import { evidenceStatuses, legendValues, printedStatuses, replayText, runBash, startCanary, telltaleValues } from './replay-findings.js';
import { compareSnapshots, type ShopSnapshot, snapshotShop } from './shop-snapshot.js';

/** The scan waits out none of the shop's injected sleeps; the replays on fresh servers wait them for real. */
const clock = useSkippingClock();
/** One below the shop's limit per operation, as the recall scan (scan-corner-shop.ts). */
const SCAN_RATE = REQUESTS_PER_SECOND - 1;

/**
 * Findings that cannot be replayed on a fresh server by their nature, with the reason. None today:
 * a neighbouring object another check created on the scanned server would be one (bola's
 * neighbours), and the scans here find none.
 */
const NOT_REPLAYABLE = new Map<string, string>();

async function scanned<Api extends { url: string; close(): Promise<void> }>(
  api: Api,
  options: { users: string[]; specFile: string; allowDestructive: boolean; checks?: string[] },
): Promise<ScanResult> {
  const projectRoot = await mkdtemp(path.join(os.tmpdir(), 'falcon-replay-'));
  try {
    return await runScan(
      {
        projectRoot,
        spec: options.specFile,
        baseUrl: api.url,
        variables: new VariableScope(projectRoot, {}),
        secrets: new SecretRegistry(),
        users: options.users,
        allowDestructive: options.allowDestructive,
        rate: SCAN_RATE,
        ...(options.checks && { checks: options.checks }),
      },
      ALL_CHECKS,
    );
  } finally {
    await rm(projectRoot, { recursive: true, force: true });
  }
}

/**
 * Runs each finding's printed lines against a fresh start of the API at the scanned address (a new
 * instance: none of the scan's data, logins or counters), after setting the legend's variables as
 * it says — the passwords given, then its login lines — and a canary of the test's own; asserts each
 * replay shows what the evidence showed.
 */
async function replayEach(result: ScanResult, fresh: () => Promise<{ close(): Promise<void> }>, passwords: Record<string, string>): Promise<string[]> {
  const failures: string[] = [];
  for (const [index, finding] of result.findings.entries()) {
    const label = `${finding.rule} ${finding.method} ${finding.path}`;
    if (NOT_REPLAYABLE.has(label)) continue;
    const api = await fresh();
    const canary = await startCanary();
    try {
      const { values, unset } = await legendValues(result.variables, { ...passwords, CANARY_URL: `${canary.url}/finding-${index}` });
      const needed = (finding.variables ?? []).filter((name) => unset.includes(name));
      if (needed.length > 0) failures.push(`${label}: the legend says no way to set ${needed.join(', ')}`);
      const run = await runBash(replayText(finding), values);
      const problem = replayProblem(finding, run, canary.hits, index);
      if (problem) failures.push(`${label}: ${problem}\n--- lines\n${replayText(finding)}\n--- output\n${run.stdout.slice(0, 1500)}${run.stderr}`);
    } finally {
      await canary.close();
      await api.close();
    }
  }
  return failures;
}

function replayProblem(finding: Finding, run: Awaited<ReturnType<typeof runBash>>, hits: readonly string[], index: number): string | undefined {
  if (run.code !== 0) return `exited ${run.code}`;
  const printed = printedStatuses(run.stdout);
  const missing = evidenceStatuses(finding).filter((status) => !printed.includes(status));
  if (missing.length > 0) return `the evidence shows HTTP ${missing.join(', ')}, the replay printed ${printed.join(', ') || 'no status'}`;
  // A loop prints a tally of statuses, not the bodies.
  const telltales = replayText(finding).includes('| uniq -c') ? [] : telltaleValues(finding);
  if (telltales.length > 0 && !telltales.some((value) => run.stdout.includes(value)))
    return `none of the evidence's values came back (${telltales.slice(0, 3).join(', ')}…)`;
  const sleep = /asked to sleep (\d+) s/.exec(finding.title)?.[1];
  if (sleep !== undefined && run.ms < Number(sleep) * 1000)
    return `answered in ${Math.round(run.ms)} ms, not after the ${sleep} s it asked the server to sleep`;
  if (finding.rule === 'ssrf' && !hits.some((hit) => hit.startsWith(`/finding-${index}`))) return 'the canary was never requested';
  if (/none 429|no 429/.test(finding.title) && printed.includes(429)) return 'a request was answered 429';
  if (finding.rule === 'path_traversal' && !run.stdout.includes('root:x:0:0')) return '/etc/passwd did not come back';
  return undefined;
}

it(
  "replays every finding of the Corner Shop as printed on a fresh server, and leaves the users' objects as they were but for what it lists",
  { timeout: 600_000 },
  async () => {
    const api: VulnerableApi = await startVulnerableApi({ sleep: (seconds) => clock.sleep(seconds * 1000) });
    const port = Number(new URL(api.url).port);
    const logins = Object.values(api.users);
    let result: ScanResult;
    let before: ShopSnapshot;
    let after: ShopSnapshot;
    try {
      before = await snapshotShop(api.url, logins);
      result = await scanned(api, {
        users: logins.map(({ username, password }) => `${username}:${password}`),
        specFile: api.specFile,
        allowDestructive: true,
      });
      after = await snapshotShop(api.url, logins);
    } finally {
      await api.close();
    }
    clock.restore();
    console.log(
      `Corner Shop: ${result.findings.length} findings, ${result.findings.filter((finding) => finding.reproduce).length} with a script; ` +
        `${result.requests} requests; left: ${result.residue.fields.length} fields, ${result.residue.created.length} objects`,
    );
    expect(compareSnapshots(before, after, result.residue)).toEqual([]);
    expect(result.findings.length).toBeGreaterThan(30);
    const passwords = Object.fromEntries(logins.map(({ username, password }) => [`PASSWORD_OF_${username.toUpperCase()}`, password]));
    const failures = await replayEach(result, () => startVulnerableApi({ port }), passwords);
    expect(failures, failures.join('\n\n')).toEqual([]);
  },
);

it('replays every finding of the tenant API, cookie sessions set as the legend says, on a fresh server', { timeout: 300_000 }, async () => {
  const api: TenantApi = await startTenantApi();
  const port = Number(new URL(api.url).port);
  let result: ScanResult;
  try {
    result = await scanned(api, { users: [api.logins.alice, api.logins.bob], specFile: api.specFile, allowDestructive: false });
  } finally {
    await api.close();
  }
  clock.restore();
  expect(result.residue).toEqual({ fields: [], created: [] });
  const session = result.variables.find((variable) => variable.name === 'SESSION_OF_ALICE' || variable.name === 'SESSION_OF_BOB')!;
  expect(session.meaning).toMatch(/`tid_session` cookie after logging in with POST \/auth\/login/);
  expect(result.findings.map((finding) => `${finding.rule} ${finding.method} ${finding.path}`).sort()).toEqual(
    expect.arrayContaining([
      'bfla GET /admin/audit',
      'bola GET /invoices',
      'bola GET /projects',
      'bola POST /reports/search',
      'cookie_flags POST /auth/login',
      'sensitive_data GET /orgs/{orgId}/members',
    ]),
  );
  const projects = result.findings.find((finding) => finding.rule === 'bola' && finding.path === '/projects')!;
  expect(projects.reproduce?.join('\n')).toMatch(
    /-H "cookie: tid_session=\$SESSION_OF_ALICE"[\s\S]*-H "cookie: tid_session=\$SESSION_OF_BOB"|-H "cookie: tid_session=\$SESSION_OF_BOB"[\s\S]*-H "cookie: tid_session=\$SESSION_OF_ALICE"/,
  );
  const passwords = { PASSWORD_OF_ALICE: 'acme-pass-4471', PASSWORD_OF_BOB: 'globex-pass-8823' };
  const failures = await replayEach(result, () => startTenantApi({ port }), passwords);
  expect(failures, failures.join('\n\n')).toEqual([]);
});
