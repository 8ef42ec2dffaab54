import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JsonReport } from '../../src/engines/testing/report/json-report.js';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { closeServer, listenOnLoopback, type SpecServer } from '../apis/loopback-server.js';
import { startPrismMock } from '../apis/prism-mock.js';
import { CONFORMING_OPERATIONS, PLANTED_DEFECTS, SLOW_RESPONSE_MS, startNonconformingApi } from '../apis/nonconforming-api.js';

// Needs the built binary: `npm run build` (npm test does it first). No model and no
// ~/.falcon/config.yaml anywhere: the sandbox's Falcon home is empty.
let api: SpecServer;
let sandbox: Sandbox;

beforeAll(async () => {
  api = await startNonconformingApi();
});
afterAll(() => api.close());
beforeEach(async () => {
  sandbox = await createSandbox();
});
afterEach(() => sandbox.cleanup());

function falconTest(args: string[], env: Record<string, string> = {}) {
  return runFalcon(['test', ...args], { cwd: sandbox.project, env: sandbox.env(env) });
}

async function readJsonReport(file: string): Promise<JsonReport> {
  return JSON.parse(await readFile(path.join(sandbox.project, file), 'utf8')) as JsonReport;
}

/** The Markdown reports: each has a JSON twin beside it. */
async function reportsInProject(): Promise<string[]> {
  return (await readdir(path.join(sandbox.project, '.falcon/reports')).catch(() => [])).filter((name) => name.endsWith('.md'));
}

describe('falcon test against a real API', () => {
  it('catches every planted defect: exit 1, each named in the summary and the JSON report', async () => {
    await mkdir(path.join(sandbox.project, '.falcon'));
    const maxMs = String(Math.floor(SLOW_RESPONSE_MS / 2));
    const result = await falconTest(['--spec', api.specFile, '--base-url', api.url, '--max-response-time', maxMs, '--report', 'out/report.json']);

    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Nonconforming API 1.0.0 · ' + api.url);
    expect(result.stdout).toMatch(/^Operations: 14\/14 covered$/m);
    expect(result.stdout).toMatch(/^Cases: \d+ — \d+ passed, [1-9]\d* failed, \d+ skipped$/m);
    const byCheck = result.stdout.slice(result.stdout.indexOf('Failures by check:'));
    for (const defect of PLANTED_DEFECTS) expect(byCheck).toMatch(new RegExp(`^  ${defect.check} +\\d+$`, 'm'));
    for (const defect of PLANTED_DEFECTS) expect(result.stdout).toContain(`[${defect.operationId}/`);
    expect(result.stdout).toMatch(/^ {6}curl -sS -i /m);
    expect(result.stdout).toMatch(/✗ \d+ of \d+ cases failed\n$/);

    const report = await readJsonReport('out/report.json');
    for (const defect of PLANTED_DEFECTS) {
      const caught = report.results.some(
        (caseResult) => caseResult.case.operationId === defect.operationId && caseResult.findings.some((finding) => finding.kind === defect.check),
      );
      expect(caught, `${defect.check} on ${defect.operationId}`).toBe(true);
    }
    const markdown = await reportsInProject();
    expect(markdown).toEqual([expect.stringMatching(/^test_report_nonconforming-api_\d{8}-\d{6}\.md$/)]);
    expect(result.stdout).toContain(`Reports:\n  .falcon/reports/${markdown[0]}\n  out/report.json\n`);
  });

  it('exits 0 when every operation tested conforms, and says why no report went to .falcon/reports', async () => {
    const result = await falconTest(['--spec', api.specFile, '--base-url', api.url, '--include', CONFORMING_OPERATIONS.join(',')]);
    expect(result.stdout).not.toContain('Failures');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Operations: 7\/7 covered$/m);
    expect(result.stdout).toMatch(/^Cases: (\d+) — \1 passed, 0 failed, 0 skipped$/m);
    expect(result.stdout).toContain('no report in .falcon/reports/: this folder has no .falcon (falcon init makes one)');
    expect(result.stdout).toMatch(/✓ no failures in \d+ cases\n$/);
  });

  it('exits 0 against a Prism mock of the spec, which conforms by construction', async () => {
    const prism = await startPrismMock(api.specFile);
    try {
      // Prism keeps no state (a deleted item is still found), so stateful chains are left out.
      const result = await falconTest(['--spec', api.specFile, '--base-url', prism.url, '--strategies', 'happy,negative,boundary']);
      expect(result.stdout).not.toContain('Failures');
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Operations: 14\/14 covered$/m);
    } finally {
      await prism.close();
    }
  });

  it('writes JUnit XML with --junit and an HTML report with --report', async () => {
    const result = await falconTest([
      '--spec',
      api.specFile,
      '--base-url',
      api.url,
      '--include',
      'getHealth,getStats',
      '--junit',
      'junit.xml',
      '--report',
      'reports/run.html',
    ]);
    expect(result.code).toBe(1);
    const junit = await readFile(path.join(sandbox.project, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/^<\?xml/);
    expect(junit).toContain('<testsuite');
    expect(junit).toContain('not_a_server_error');
    const html = await readFile(path.join(sandbox.project, 'reports/run.html'), 'utf8');
    expect(html).toMatch(/<html/i);
    expect(html).toContain('getStats');
    expect(html).toContain('curl');
    expect(result.stdout).toContain('Reports:\n  reports/run.html\n  junit.xml\n');
  });

  it('a report that cannot be written is named after the summary, the others are written, and the exit is 2', async () => {
    await mkdir(path.join(sandbox.project, '.falcon'));
    await writeFile(path.join(sandbox.project, 'blocker'), 'a file, not a folder\n');
    const result = await falconTest([
      '--spec',
      api.specFile,
      '--base-url',
      api.url,
      '--include',
      'getHealth',
      '--report',
      'blocker/r.json',
      '--junit',
      'junit.xml',
    ]);
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/^Operations: 1\/1 covered$/m);
    expect(result.stdout).toMatch(/^ {2}junit\.xml\n {2}cannot write blocker\/r\.json: E[A-Z]+$/m);
    expect(await reportsInProject()).toHaveLength(1);
  });

  it('--include and --exclude choose the operations; coverage counts only those', async () => {
    const result = await falconTest([
      '--spec',
      api.specFile,
      '--base-url',
      api.url,
      '--include',
      'tag:items',
      '--exclude',
      'deleteItem',
      '--exclude',
      'PUT /items/{itemId}',
      '--report',
      'r.json',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Operations: 3\/3 covered$/m);
    const report = await readJsonReport('r.json');
    expect(new Set(report.results.map((caseResult) => caseResult.case.operationId))).toEqual(new Set(['listItems', 'createItem', 'getItem']));
  });

  it("reads .falcon/spec.yaml by default and takes BASE_URL from --env, else from the project's environment", async () => {
    await copyFile(api.specFile, path.join(sandbox.project, 'openapi.yaml'));
    const ingest = await runFalcon(['spec', 'ingest', 'openapi.yaml'], { cwd: sandbox.project, env: sandbox.env() });
    expect(ingest.code).toBe(0);
    await mkdir(path.join(sandbox.project, '.falcon/environments'));
    await writeFile(path.join(sandbox.project, '.falcon/environments/dev.yaml'), 'BASE_URL: http://127.0.0.1:9\n');
    await writeFile(path.join(sandbox.project, '.falcon/environments/staging.yaml'), `BASE_URL: ${api.url}\n`);

    const chosen = await falconTest(['--env', 'staging', '--include', 'getHealth']);
    expect(chosen.stderr).toContain(`at ${api.url} (BASE_URL of the environment)`);
    expect(chosen.stdout).toContain(`Nonconforming API 1.0.0 · ${api.url}`);
    expect(chosen.code).toBe(0);

    await writeFile(path.join(sandbox.project, '.falcon/config.yaml'), 'environment: staging\n');
    const remembered = await falconTest(['--include', 'getHealth']);
    expect(remembered.code).toBe(0);
    expect(await reportsInProject()).toHaveLength(2);
  });

  it('a request that gets no answer is a failure (exit 1), named request_error', async () => {
    const dead = createServer();
    const url = await listenOnLoopback(dead);
    await closeServer(dead);
    const result = await falconTest(['--spec', api.specFile, '--base-url', url, '--include', 'getHealth']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^  request_error +\d+$/m);
  });

  it('fills header {{VAR}}s from the environment and masks the secret everywhere', async () => {
    await mkdir(path.join(sandbox.project, '.falcon/environments'), { recursive: true });
    await writeFile(path.join(sandbox.project, '.falcon/environments/ci.yaml'), `BASE_URL: ${api.url}\nTOKEN: "{{env:API_TOKEN}}"\n`);
    const secret = 'sk-live-4f9a8b7c6d5e4f3a2b1c';
    const result = await falconTest(
      ['--spec', api.specFile, '--env', 'ci', '--include', 'getStats', '-H', 'Authorization: Bearer {{TOKEN}}', '--report', 'r.json'],
      {
        API_TOKEN: secret,
      },
    );
    expect(result.code).toBe(1);
    // The curl line sends the variable the token came from, and says to set it.
    expect(result.stdout).toContain('-H "authorization: Bearer $API_TOKEN"');
    expect(result.stdout).toContain('# set API_TOKEN first (its value is masked here)');
    const written = [result.stdout, result.stderr, await readFile(path.join(sandbox.project, 'r.json'), 'utf8')];
    const [markdown] = await reportsInProject();
    written.push(await readFile(path.join(sandbox.project, '.falcon/reports', markdown!), 'utf8'));
    for (const text of written) expect(text).not.toContain(secret);
  });

  it('takes the spec from a URL', async () => {
    const specText = await readFile(api.specFile, 'utf8');
    const specServer: Server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/yaml' }).end(specText));
    const specUrl = await listenOnLoopback(specServer);
    try {
      const result = await falconTest(['--spec', `${specUrl}/openapi.yaml`, '--base-url', api.url, '--include', 'getHealth']);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Operations: 1\/1 covered$/m);
    } finally {
      await closeServer(specServer);
    }
  });

  it('in CI logs (no terminal) prints plain progress lines, never a redrawn bar', async () => {
    const result = await falconTest(['--spec', api.specFile, '--base-url', api.url, '--include', 'tag:items']);
    expect(result.stderr).toMatch(/^Testing Nonconforming API 1\.0\.0 at http:\/\/127\.0\.0\.1:\d+: \d+ cases for 5 operations, 4 at a time\n/);
    expect(result.stderr).toMatch(/^ {2}(\d+)\/\1 cases · 0 failed$/m);
    expect(result.stderr).not.toMatch(/[\r\u001b█]/);
    expect(result.stderr.split('\n').length).toBeLessThanOrEqual(13);
  });
});
