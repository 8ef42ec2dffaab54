// Runs the built binary (npm run build first; npm test does it) against the tenant API and its secure twin.
import { copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTenantApi, type TenantApi } from '../apis/tenant-api/tenant-api.js';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';

const CHECKS = ['--checks', 'bola,bfla,sensitive_data,cookie_flags,verbose_errors'];
/** The test API takes any pace; the default (20 a second) is for other people's servers. */
const FAST = ['--rate', '200', '--max-rate', '1000'];

let sandbox: Sandbox;
let api: TenantApi | undefined;

beforeEach(async () => {
  sandbox = await createSandbox();
});
afterEach(async () => {
  await api?.close();
  api = undefined;
  await sandbox.cleanup();
});

async function scan(secure: boolean) {
  api = await startTenantApi({ secure });
  await copyFile(api.specFile, path.join(sandbox.project, 'tenant.yaml'));
  await sandbox.testApiAt(api.url);
  const args = [
    'scan',
    '--spec',
    'tenant.yaml',
    '--user',
    api.logins.alice,
    '--user',
    api.logins.bob,
    ...CHECKS,
    ...FAST,
    '--json',
    'scan.json',
    '--fail-on',
    'low',
  ];
  const result = await runFalcon(args, { cwd: sandbox.project, env: sandbox.env() });
  const json = JSON.parse(await readFile(path.join(sandbox.project, 'scan.json'), 'utf8')) as { findings: Array<Record<string, string>> };
  return { result, findings: json.findings };
}

it(
  'finds the tenant swap in the query, the header, a search body and an administrative read, the hashes one level down and the session cookie, and prints each with its curl',
  { timeout: 60_000 },
  async () => {
    const { result, findings } = await scan(false);
    expect(result.code).toBe(1);
    expect(findings.map((finding) => `${finding.severity} ${finding.rule} ${finding.method} ${finding.path}`).sort()).toEqual([
      'high bfla GET /admin/audit',
      'high bola GET /invoices',
      'high bola GET /projects',
      'high bola POST /reports/search',
      'high sensitive_data GET /orgs/{orgId}/members',
      'medium cookie_flags POST /auth/login',
    ]);
    expect(result.stdout).toMatch(/ {2}HIGH +bola +API1:2023 CWE-639 +GET \/projects — (bob|alice) sends (alice|bob)'s orgId/);
    expect(result.stdout).toMatch(
      / {2}HIGH +bola +API1:2023 CWE-639 +POST \/reports\/search — (bob|alice) sends (alice|bob)'s orgId \([\w-]+\) in the body field/,
    );
    expect(result.stdout).toMatch(
      / {2}HIGH +bfla +API5:2023 CWE-285 +GET \/admin\/audit — (bob|alice) sends (alice|bob)'s orgId \([\w-]+\) in the query parameter/,
    );
    expect(result.stdout).toMatch(
      / {2}MEDIUM +cookie_flags +API8:2023 CWE-1004 +POST \/auth\/login — sets the session cookie tid_session without HttpOnly, SameSite/,
    );
    // Each finding's lines under it, what was left (nothing: the API is read-only) and, last, the legend of the variables.
    for (const operation of [/GET \/projects/, /POST \/reports\/search/, /GET \/admin\/audit/])
      expect(result.stdout).toMatch(new RegExp(`${operation.source} — [^\\n]*\\n {6}# 3 steps, in order, in one shell\\n`));
    expect(result.stdout).not.toMatch(/left: /);
    const legend = result.stdout.slice(result.stdout.indexOf('  variables the reproductions read:'), result.stdout.indexOf('Report: '));
    expect(legend.split('\n').filter(Boolean)).toEqual([
      '  variables the reproductions read:',
      "    $PASSWORD_OF_ALICE: alice's password, as given to the scan with --user alice:…",
      expect.stringMatching(/^ {4}\$SESSION_OF_ALICE: the value of alice's `tid_session` cookie after logging in with POST \/auth\/login/),
      "    $PASSWORD_OF_BOB: bob's password, as given to the scan with --user bob:…",
      expect.stringMatching(/^ {4}\$SESSION_OF_BOB: the value of bob's `tid_session` cookie after logging in with POST \/auth\/login/),
    ]);
    const projects = findings.find((finding) => finding.path === '/projects')!;
    expect(projects.curl).toMatch(/-H "cookie: tid_session=\$SESSION_OF_(ALICE|BOB)"/);
    // Nothing a login sent or got back is printed or written in clear.
    const written = result.stdout + result.stderr + JSON.stringify(findings);
    for (const login of Object.values(api!.logins)) expect(written).not.toContain(login.split(':')[1]);
    for (const user of api!.data.users) expect(written).not.toContain(user.passwordHash.slice(7));
  },
);

it('finds nothing on the secure twin (same spec), and exits 0', { timeout: 60_000 }, async () => {
  const { result, findings } = await scan(true);
  expect(findings).toEqual([]);
  expect(result.code).toBe(0);
});
