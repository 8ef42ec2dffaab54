// Runs the built binary (npm run build first; npm test does it) against the Corner Shop, then each
// discovery finding's curl line in bash against fresh starts of the shop and of its secure twin.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVulnerableApi, type VulnerableApi } from '../apis/vulnerable-api/vulnerable-api.js';
import { createSandbox, type FalconResult, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { requireTool } from '../support/required-tools.js';

const run = promisify(execFile);
/** The shop answers 429 past 25 requests a second to one operation: the probes go to many, a few to one. */
const RATE = ['--rate', '100'];

interface PrintedFinding {
  rule: string;
  severity: string;
  method: string;
  path: string;
  title: string;
  curl: string;
}

/** The lines run in bash as a user pasting them would, with the variables the note above the command asks for. */
async function replay(curl: string, variables: Record<string, string>): Promise<string> {
  const { stdout } = await run('bash', ['-c', curl], { timeout: 15_000, env: { ...process.env, ...variables } });
  return stdout;
}

/** `# set AUTHORIZATION first (…)`: the names the curl line reads its masked values from. */
function variablesAsked(curl: string): string[] {
  const note = /^# set (.+?) first/m.exec(curl)?.[1] ?? '';
  return note ? note.split(/, | and /) : [];
}

const statusOf = (output: string) => Number(/^HTTP\/1\.1 (\d{3})/m.exec(output)?.[1]);
const headerOf = (output: string, name: string) => new RegExp(`^${name}: (.*?)\\r?$`, 'im').exec(output)?.[1];

/** What the finding says the answer shows, as a test of curl's output. */
function reproduces(finding: PrintedFinding, output: string): boolean {
  if (finding.rule === 'cors') {
    const origin = /-H 'origin: ([^']+)'/.exec(finding.curl)?.[1];
    return headerOf(output, 'access-control-allow-origin') === origin && headerOf(output, 'access-control-allow-credentials') === 'true';
  }
  const status = statusOf(output);
  const body = output
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n');
  return status >= 200 && status < 300 && body.trim().length > 0;
}

describe('falcon scan: what the Corner Shop serves beyond its spec, each finding replayed with its curl', requireTool('curl'), () => {
  let sandbox: Sandbox;
  let scanned: VulnerableApi;
  let result: FalconResult;
  let findings: PrintedFinding[];

  beforeAll(async () => {
    sandbox = await createSandbox();
    scanned = await startVulnerableApi();
    const { alice } = scanned.users;
    const args = ['scan', '--spec', scanned.specFile, '--base-url', scanned.url, '--user', `${alice.username}:${alice.password}`];
    result = await runFalcon([...args, '--checks', 'undocumented_endpoints,cors', ...RATE, '--json', 'scan.json', '--fail-on', 'none'], {
      cwd: sandbox.project,
      env: sandbox.env(),
    });
    findings = (JSON.parse(await readFile(path.join(sandbox.project, 'scan.json'), 'utf8')) as { findings: PrintedFinding[] }).findings;
  });
  afterAll(async () => {
    await scanned?.close();
    await sandbox?.cleanup();
  });

  it('prints the export, the settings, the unguarded PATCH and both CORS bugs as high or medium', () => {
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    const printed = (pattern: RegExp) => lines.filter((line) => pattern.test(line));
    expect(
      printed(
        /^ {2}HIGH +undocumented_endpoints +API9:2023 CWE-1059 +GET \/api\/v2\/admin\/export — An export answers at GET \/api\/v2\/admin\/export, which the spec does not list, with secrets in it$/,
      ),
    ).toHaveLength(1);
    expect(
      printed(
        /^ {2}HIGH +undocumented_endpoints .* GET \/debug\/config — A configuration endpoint answers at GET \/debug\/config, which the spec does not list, with secrets in it$/,
      ),
    ).toHaveLength(1);
    expect(
      printed(
        /^ {2}HIGH +undocumented_endpoints .* PATCH \/api\/v2\/products\/\{productId\} — PATCH \/api\/v2\/products\/\{productId\} is accepted \(HTTP 200\) from a caller with no credentials, though the spec lists only GET for this path$/,
      ),
    ).toHaveLength(1);
    expect(
      printed(
        /^ {2}HIGH +cors +API8:2023 CWE-942 +GET \/api\/v2\/products — Access-Control-Allow-Origin trusts https:\/\/evil-shop\.example, .*derived from the allowed https:\/\/api\.shop\.example/,
      ),
    ).toHaveLength(1);
    expect(printed(/^ {2}MEDIUM +cors .* echoes Origin: https:\/\/evil\.example in a preflight, with Access-Control-Allow-Credentials: true$/)).toHaveLength(1);
    expect(printed(/^ {2}MEDIUM +undocumented_endpoints .* GET \/api\/v1 — An older version of the API \(\/api\/v1\)/)).toHaveLength(1);
    // Nothing the shop's password hashes, mail password or payment key are is printed or written.
    const written = result.stdout + JSON.stringify(findings);
    for (const secret of [
      '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy',
      'Sm7p-relay-2020',
      'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
      scanned.users.alice.password,
    ]) {
      expect(written).not.toContain(secret);
    }
  });

  it('replays every finding with its curl line on a fresh start of the shop, and on none of its secure twin', async () => {
    expect(findings.length).toBeGreaterThanOrEqual(9);
    for (const secure of [false, true]) {
      for (const finding of findings) {
        const fresh = await startVulnerableApi({ secure });
        try {
          const token = fresh.issueToken('alice', 600);
          const variables = Object.fromEntries(variablesAsked(finding.curl).map((name) => [name, token]));
          const output = await replay(finding.curl.replaceAll(scanned.url, fresh.url), variables);
          expect(
            reproduces(finding, output),
            `${secure ? 'twin' : 'shop'}: ${finding.method} ${finding.path} — ${finding.title}\n${finding.curl}\n${output}`,
          ).toBe(!secure);
          expect(fresh.log.length, finding.curl).toBe(1);
        } finally {
          await fresh.close();
        }
      }
    }
  });

  it('shows what each new finding says: the hashes, the secret key, the product changed, the look-alike origin trusted', async () => {
    const fresh = await startVulnerableApi();
    try {
      const curlOf = (method: string, findingPath: string, rule = 'undocumented_endpoints') =>
        findings.find((finding) => finding.rule === rule && finding.method === method && finding.path === findingPath)!.curl.replaceAll(scanned.url, fresh.url);
      expect(await replay(curlOf('GET', '/api/v2/admin/export'), {})).toMatch(/"passwordHash":"\$2b\$10\$/);
      expect(await replay(curlOf('GET', '/debug/config'), {})).toContain('"secretKey":"sk_live_');
      const patch = curlOf('PATCH', '/api/v2/products/{productId}');
      expect(patch).toBe(`curl -sS -i -X PATCH '${fresh.url}/api/v2/products/1' -H 'content-type: application/json' --data-raw '{}'`);
      const changed = await replay(patch.replace(`'{}'`, `'{"price":0.01}'`), {});
      expect(statusOf(changed)).toBe(200);
      expect(await replay(`curl -sS '${fresh.url}/api/v2/products/1'`, {})).toContain('"price":0.01');
      const cors = findings.find((finding) => finding.rule === 'cors' && finding.title.includes('trusts'))!;
      expect(cors.curl).toContain(`-H 'origin: https://evil-shop.example'`);
    } finally {
      await fresh.close();
    }
  });
});
