// Runs the built binary (npm run build first; npm test does it) against loopback APIs of the test's own.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_API_SPEC, ACCOUNT_LOGINS, type AccountData, type AccountFlaw, accountApi } from '../apis/account-api.js';
import { createSandbox, runFalcon, type Sandbox, startFalcon } from '../support/falcon-binary.js';
import { closeServer, listenOnLoopback } from '../apis/loopback-server.js';
import { sarifViolations } from '../support/sarif-validator.js';
import { startVulnerableApi } from '../apis/vulnerable-api/vulnerable-api.js';
import { ALL_CHECKS } from '../../src/capabilities/scan/engine/checks/all-checks.js';
import { loadChecks } from '../../src/capabilities/scan/engine/load-checks.js';

const USERS = ['--user', ACCOUNT_LOGINS.alice, '--user', ACCOUNT_LOGINS.bob];
/** What the logins send and return: none may appear in clear anywhere. */
const SECRETS = ['alice-secret-pass-1', 'bob-secret-pass-2', 'alice-token-1x7q2', 'bob-token-2x7q2'];
/** A static header's secret, from the environment. */
const API_KEY = 'key-7d41c0ffee93b2';
/** Another user reads alice's and bob's orders; an ordinary user lists every account: two high findings. */
const FLAWS: AccountFlaw[] = ['read-any-order', 'admin-users-open'];
const CHECKS = ['--checks', 'bola,bfla'];
/** The test APIs take any pace; the default (20 a second) is for other people's servers. */
const FAST = ['--rate', '200', '--max-rate', '1000'];
/** The checks a scan of a REST API runs: all but the GraphQL-only ones. */
const REST_CHECKS = (await loadChecks(ALL_CHECKS)).filter((check) => check.run).length;
const FINDING_FIELDS = ['rule', 'owasp', 'cwe', 'severity', 'method', 'path', 'title', 'evidence', 'remediation', 'curl'];

let sandbox: Sandbox;
let servers: Server[];

beforeEach(async () => {
  sandbox = await createSandbox();
  servers = [];
});
afterEach(async () => {
  await Promise.all(servers.map(closeServer));
  await sandbox.cleanup();
});

/** The account API with `flaws` on a loopback port, its spec in the sandbox as api.json and its URL as dev's BASE_URL. */
async function startAccountApi(flaws: AccountFlaw[]): Promise<{ url: string; data: AccountData }> {
  const { handler, data } = accountApi(flaws);
  const server = createServer(handler);
  servers.push(server);
  const url = await listenOnLoopback(server);
  await put('api.json', JSON.stringify(ACCOUNT_API_SPEC));
  await sandbox.testApiAt(url);
  return { url, data };
}

async function put(relative: string, content: string): Promise<void> {
  const file = path.join(sandbox.project, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

const read = (relative: string) => readFile(path.join(sandbox.project, relative), 'utf8');
const falcon = (args: string[], env: Record<string, string> = {}) => runFalcon(['scan', ...args], { cwd: sandbox.project, env: sandbox.env(env) });
const reportsDir = () => path.join(sandbox.project, '.falcon', 'reports');
/** The Markdown reports: each has a JSON twin beside it. */
const markdownReports = async () => (await readdir(reportsDir())).filter((name) => name.endsWith('.md'));
const findingLines = (stdout: string) => stdout.split('\n').filter((line) => /^ {2}(INFO|LOW|MEDIUM|HIGH|CRITICAL) /.test(line));

describe('falcon scan', () => {
  it('exits 1 on findings at or above --fail-on, with the summary, one line per finding and a Markdown report', async () => {
    const { url } = await startAccountApi(FLAWS);
    const result = await falcon(['--spec', 'api.json', ...USERS, ...CHECKS]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(new RegExp(`^Scanned Account API at ${url} as alice, bob: 2 checks, \\d+ requests\\n`));
    expect(result.stdout).toContain('  critical 0 · high 2 · medium 0 · low 0 · info 0\n');
    expect(findingLines(result.stdout)).toEqual([
      expect.stringMatching(/^ {2}HIGH {5}bola {2}API1:2023 CWE-639 {2}GET \/orders\/\{orderId\} — bob reads orderId=\d, .+/),
      expect.stringMatching(/^ {2}HIGH {5}bfla {2}API5:2023 CWE-285 {2}GET \/admin\/users — .+/),
    ]);
    expect(result.stderr).toContain('falcon: 2 findings at or above high\n');
    const [report] = await markdownReports();
    expect(report).toMatch(/^scan_report_account-api_\d{8}-\d{6}\.md$/);
    expect(result.stdout).toContain(`Report: .falcon/reports/${report}\n`);
    const markdown = await readFile(path.join(reportsDir(), report!), 'utf8');
    expect(markdown).toContain('API1:2023');
    expect(markdown).toContain('/admin/users');
  });

  it('exits 0 with the same findings under --fail-on none, and under --fail-on critical when they are high', async () => {
    await startAccountApi(FLAWS);
    for (const failOn of ['none', 'critical']) {
      const result = await falcon(['--spec', 'api.json', ...USERS, ...CHECKS, ...FAST, '--fail-on', failOn]);
      expect(result.code, failOn).toBe(0);
      expect(findingLines(result.stdout).map((line) => line.slice(0, 60))).toEqual([
        expect.stringMatching(/^ {2}HIGH {5}bola {2}API1:2023/),
        expect.stringMatching(/^ {2}HIGH {5}bfla {2}API5:2023/),
      ]);
      expect(result.stderr).not.toContain('at or above');
    }
  });

  it('writes --json with every field of a finding, SARIF that validates whatever the name, and an HTML --report', async () => {
    const { url } = await startAccountApi(FLAWS);
    const result = await falcon([
      '--spec',
      'api.json',
      ...USERS,
      ...CHECKS,
      ...FAST,
      '--fail-on',
      'none',
      '--json',
      'f.json',
      '--sarif',
      'out.sarif',
      '--report',
      'r.html',
    ]);
    expect(result.code).toBe(0);
    for (const file of ['f.json', 'out.sarif', 'r.html']) expect(result.stdout).toContain(`Report: ${file}\n`);
    const json = JSON.parse(await read('f.json')) as { findings: Array<Record<string, unknown>>; [key: string]: unknown };
    expect(Object.keys(json)[0]).toBe('findings');
    expect(json).toMatchObject({ target: url, spec: 'Account API', identities: ['alice', 'bob'], checks: ['bola', 'bfla'], requests: expect.any(Number) });
    expect(json.findings.map((finding) => [finding.rule, finding.severity, finding.method, finding.path])).toEqual([
      ['bola', 'high', 'GET', '/orders/{orderId}'],
      ['bfla', 'high', 'GET', '/admin/users'],
    ]);
    for (const finding of json.findings) {
      // A finding's script and the variables it reads are there when its proof takes them (bola: the owner's read, then the other user's).
      expect(
        Object.keys(finding)
          .filter((key) => key !== 'reproduce' && key !== 'variables')
          .sort(),
      ).toEqual([...FINDING_FIELDS].sort());
      expect(finding.variables).toEqual(expect.arrayContaining([expect.stringMatching(/^TOKEN_OF_(ALICE|BOB)$/)]));
      expect(finding).toMatchObject({
        owasp: expect.stringMatching(/^API\d+:2023$/),
        cwe: expect.stringMatching(/^CWE-\d+$/),
        title: expect.any(String),
        remediation: expect.any(String),
      });
      expect(finding.evidence).toEqual({ request: expect.stringMatching(new RegExp(`^GET ${url}/`)), response: expect.stringMatching(/^HTTP 200/) });
      expect(finding.curl).toMatch(/^curl /m);
    }
    const sarif = JSON.parse(await read('out.sarif')) as { version: string; runs: Array<{ results: Array<{ ruleId: string }> }> };
    expect(sarifViolations(sarif)).toEqual([]);
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0]!.results.map((entry) => entry.ruleId)).toEqual(['bola', 'bfla']);
    const html = await read('r.html');
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('/admin/users');

    const named = await falcon(['--spec', 'api.json', ...USERS, ...CHECKS, ...FAST, '--fail-on', 'none', '--sarif', 'results.json']);
    expect(named.code).toBe(0);
    const results = JSON.parse(await read('results.json')) as { version: string; runs: Array<{ results: unknown[] }> };
    expect(sarifViolations(results)).toEqual([]);
    expect(results.version).toBe('2.1.0');
    expect(results.runs[0]!.results).toHaveLength(2);
    expect(results).not.toHaveProperty('findings');
  });

  it('refuses bad usage with exit 2 and a one-line reason, before any check runs', async () => {
    const oneLine = /^falcon: [^\n]+\n$/;
    const emptyProject = await falcon([...USERS]);
    expect(emptyProject.code).toBe(2);
    expect(emptyProject.stderr).toMatch(oneLine);
    expect(emptyProject.stderr).toContain('no spec');

    await put('api.json', JSON.stringify(ACCOUNT_API_SPEC));
    const noBaseUrl = await falcon(['--spec', 'api.json', ...USERS]);
    expect(noBaseUrl.code).toBe(2);
    expect(noBaseUrl.stderr).toMatch(oneLine);
    expect(noBaseUrl.stderr).toContain('no base URL');
    expect(noBaseUrl.stderr).toContain('--base-url');

    const { data } = await startAccountApi(FLAWS);
    const unknownCheck = await falcon(['--spec', 'api.json', ...USERS, '--checks', 'bola,nope']);
    expect(unknownCheck.code).toBe(2);
    expect(unknownCheck.stderr).toMatch(oneLine);
    expect(unknownCheck.stderr).toContain('unknown check "nope"; the checks are bola, broken_auth, jwt_none,');
    expect(unknownCheck.stderr).toContain('path_traversal, or all');

    const wrongPassword = await falcon(['--spec', 'api.json', '--user', 'alice:not-her-password', '--user', ACCOUNT_LOGINS.bob]);
    expect(wrongPassword.code).toBe(2);
    expect(wrongPassword.stderr).toMatch(oneLine);
    expect(wrongPassword.stderr).toContain('could not log in as alice with POST /auth/login: HTTP 401');
    expect(wrongPassword.stderr).not.toContain('not-her-password');

    const badReport = await falcon(['--spec', 'api.json', ...USERS, '--report', 'out.pdf']);
    expect(badReport.code).toBe(2);
    expect(badReport.stderr).toMatch(oneLine);
    expect(badReport.stderr).toContain('cannot tell the report format of "out.pdf"');

    const badLogin = await falcon(['--spec', 'api.json', ...USERS, '--login', 'GET']);
    expect(badLogin.code).toBe(2);
    expect(badLogin.stderr).toMatch(oneLine);
    expect(badLogin.stderr).toContain('--login "GET" is not "METHOD /path"');

    const badCanary = await falcon(['--spec', 'api.json', ...USERS, '--canary-host', '192.0.2.1']);
    expect(badCanary.code).toBe(2);
    expect(badCanary.stderr).toMatch(oneLine);
    expect(badCanary.stderr).toContain('--canary-host 192.0.2.1: the SSRF canary cannot listen there (it is not an address of this machine)');

    // Only the failed login reached the API.
    expect(data.requests).toEqual(['POST /auth/login']);
  });

  it('exits 1 at once, naming the reason, when the target cannot be reached', async () => {
    const { url } = await startAccountApi(FLAWS);
    await closeServer(servers.pop()!);
    const result = await falcon(['--spec', 'api.json', ...USERS]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`falcon: cannot reach ${url}: connection refused`);
    expect(result.stdout).toBe('');
  });

  it('stops on Ctrl-C with exit 130, still printing the summary marked interrupted and writing the reports', async () => {
    const { data } = await startAccountApi(FLAWS);
    const { child, result } = startFalcon(['scan', '--spec', 'api.json', ...USERS, '--rate', '5', '--json', 'f.json'], {
      cwd: sandbox.project,
      env: sandbox.env(),
    });
    while (data.requests.length < 5) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGINT');
    const done = await result;
    expect(done.code).toBe(130);
    expect(done.stdout).toMatch(new RegExp(`^Scanned Account API at .+ as alice, bob: ${REST_CHECKS} checks, \\d+ requests \\(interrupted\\)\n`));
    expect(done.stdout).toMatch(/\n {2}note: \w+: the scan was stopped; the checks after it did not run\n/);
    const json = JSON.parse(await read('f.json')) as { interrupted?: boolean; requests: number };
    expect(json.interrupted).toBe(true);
    expect(json.requests).toBeLessThanOrEqual(data.requests.length);
    expect(await markdownReports()).toHaveLength(1);
  });

  it('never shows or writes a password, a token the login returned or a secret header', async () => {
    await startAccountApi(FLAWS);
    const args = [
      '--spec',
      'api.json',
      ...USERS,
      '-H',
      'X-Api-Key: {{env:SCAN_API_KEY}}',
      '--checks',
      'bola,bfla,login_rate_limit',
      ...FAST,
      '--json',
      'f.json',
      '--sarif',
      'out.sarif',
      '--report',
      'r.html',
    ];
    const result = await falcon(args, { SCAN_API_KEY: API_KEY });
    expect(result.code).toBe(1);
    expect(findingLines(result.stdout)).toHaveLength(3);
    const json = await read('f.json');
    // The evidence holds the exchanges that prove the findings, their credentials masked.
    expect(json).toMatch(/authorization: Bearer \[masked[^\]]*\]/i);
    expect(json).toMatch(/x-api-key: \[masked[^\]]*\]/i);
    const [report] = await markdownReports();
    const everything = [
      result.stdout,
      result.stderr,
      json,
      await read('out.sarif'),
      await read('r.html'),
      await readFile(path.join(reportsDir(), report!), 'utf8'),
    ];
    for (const text of everything) for (const secret of [...SECRETS, API_KEY]) expect(text).not.toContain(secret);
  });

  it('finds nothing on the protected API and exits 0', async () => {
    const { data } = await startAccountApi([]);
    const result = await falcon(['--spec', 'api.json', ...USERS, '--checks', 'bola,bfla,mass_assignment,sensitive_data,broken_auth', ...FAST]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('  no findings\n');
    expect(data.requests.filter((request) => request.startsWith('DELETE'))).toEqual([]);
  });

  it('reports nothing at or above high on the conforming twin of the vulnerable API, with every check, and exits 0', async () => {
    const api = await startVulnerableApi({ secure: true });
    try {
      const { alice, bob } = api.users;
      const result = await falcon([
        '--spec',
        api.specFile,
        '--base-url',
        api.url,
        '--user',
        `${alice.username}:${alice.password}`,
        '--user',
        `${bob.username}:${bob.password}`,
        ...FAST,
        '--json',
        'f.json',
      ]);
      // The findings first: a failure names the one at high or above, not only the exit code it made.
      const { findings } = JSON.parse(await read('f.json')) as { findings: Array<{ severity: string }> };
      expect(findings.filter((finding) => finding.severity === 'high' || finding.severity === 'critical')).toEqual([]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(new RegExp(`^Scanned Corner Shop API at ${api.url} as alice, bob: ${REST_CHECKS} checks, \\d+ requests\\n`));
      expect(findingLines(result.stdout)).toHaveLength(findings.length);
    } finally {
      await api.close();
    }
  }, 60_000);
});
