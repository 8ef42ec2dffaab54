import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JsonReport } from '../../src/engines/testing/report/json-report.js';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import type { SpecServer } from '../apis/loopback-server.js';
import { PEER_API_KEY, PEER_DEFECTS, PEER_TOKEN, PEER_TWINS, startPeerChecksApi } from '../apis/peer-checks-api.js';
import { startPrismMock } from '../apis/prism-mock.js';

// Needs the built binary: `npm run build` (npm test does it first).
let api: SpecServer;
let sandbox: Sandbox;

beforeAll(async () => {
  api = await startPeerChecksApi();
});
afterAll(() => api.close());
beforeEach(async () => {
  sandbox = await createSandbox();
});
afterEach(() => sandbox.cleanup());

function falconTest(args: string[], baseUrl = api.url) {
  const credentials = ['-H', `Authorization: Bearer ${PEER_TOKEN}`, '-H', `X-API-Key: ${PEER_API_KEY}`];
  return runFalcon(['test', '--spec', api.specFile, '--base-url', baseUrl, ...credentials, ...args], { cwd: sandbox.project, env: sandbox.env() });
}

describe('falcon test: the checks that send their own requests or follow a resource', () => {
  it('names each planted defect under its check, in the summary and the JSON report', async () => {
    const result = await falconTest(['--report', 'report.json']);
    expect(result.code).toBe(1);
    const byCheck = result.stdout.slice(result.stdout.indexOf('Failures by check:'));
    for (const check of ['ignored_auth', 'delete_effective', 'ensure_resource_availability', 'unsupported_method', 'positive_data_acceptance']) {
      expect(byCheck).toMatch(new RegExp(`^  ${check} +\\d+$`, 'm'));
    }
    expect(result.stdout).toContain('ignored_auth: answered 200 without credentials: the operation declares security but does not enforce it');
    expect(result.stdout).toContain('unsupported_method: PUT is not documented for /widgets, but it answered 200 (expected 405 Method Not Allowed)');
    expect(result.stdout).not.toContain(PEER_TOKEN);
    const report = JSON.parse(await readFile(path.join(sandbox.project, 'report.json'), 'utf8')) as JsonReport;
    expect(report.checks).toEqual(
      expect.arrayContaining(['positive_data_acceptance', 'unsupported_method', 'ignored_auth', 'delete_effective', 'ensure_resource_availability']),
    );
    // The probe without credentials went without the -H ones; the valid request had them.
    const sent = (id: string) => report.results.find((caseResult) => caseResult.case.id === id)!.request!.headers;
    expect(sent('getVault/happy/valid')).toHaveProperty('authorization');
    expect(sent('getVault/probe/no-credentials')).not.toHaveProperty('authorization');
    expect(sent('getArchive/probe/no-credentials')).not.toHaveProperty('x-api-key');
    for (const defect of PEER_DEFECTS) {
      const caught = report.results.find((caseResult) => caseResult.case.id === defect.caseId);
      expect(
        caught?.findings.map((finding) => finding.kind),
        defect.caseId,
      ).toEqual([defect.check]);
    }
  });

  it('exits 0 on the conforming twins, the -H credentials taken away from their probes', async () => {
    const result = await falconTest(['--include', PEER_TWINS.join(',')]);
    expect(result.stdout).not.toContain('Failures');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Cases: (\d+) — \1 passed, 0 failed, 0 skipped$/m);
  });

  it('--checks chooses which of them run, and their probes with them', async () => {
    const result = await falconTest(['--checks', 'unsupported_method', '--include', 'listWidgets,listGadgets,getDiary', '--report', 'report.json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(await readFile(path.join(sandbox.project, 'report.json'), 'utf8')) as JsonReport;
    expect(report.checks).toEqual(['unsupported_method']);
    expect(report.results.filter((caseResult) => caseResult.case.probe === 'ignored_auth')).toEqual([]);
    expect(new Set(report.results.flatMap((caseResult) => caseResult.findings.map((finding) => `${caseResult.case.operationId} ${finding.kind}`)))).toEqual(
      new Set(['listWidgets unsupported_method']),
    );
  });

  it('against a Prism mock of the spec, without chains: only the invalid credentials it takes, as a mock checks none', async () => {
    const prism = await startPrismMock(api.specFile);
    try {
      const result = await falconTest(['--strategies', 'happy,negative,boundary', '--report', 'report.json'], prism.url);
      expect(result.code).toBe(1);
      const report = JSON.parse(await readFile(path.join(sandbox.project, 'report.json'), 'utf8')) as JsonReport;
      const found = report.results.flatMap((caseResult) => caseResult.findings.map((finding) => `${caseResult.case.id} ${finding.kind}`));
      // Prism refuses a request without credentials (401), and takes any value: no other check fires.
      expect(found.sort()).toEqual(['getArchive', 'getDiary', 'getJournal', 'getVault'].map((id) => `${id}/probe/invalid-credentials ignored_auth`));
    } finally {
      await prism.close();
    }
  });
});
