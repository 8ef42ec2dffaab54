import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JsonReport } from '../../src/engines/testing/report/json-report.js';
import { markdownText } from '../../src/engines/testing/report/markdown-text.js';
import { escapeMarkupAttribute, escapeMarkupText } from '../../src/engines/testing/report/markup-escape.js';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import type { SpecServer } from '../apis/loopback-server.js';
import { NEAR_MISS_DEFECTS, VARIANT_DEFECTS, startNearMissApi } from '../apis/near-miss-api.js';

// Needs the built binary: `npm run build` (npm test does it first).
let lax: SpecServer;
let strict: SpecServer;
let sandbox: Sandbox;

beforeAll(async () => {
  [lax, strict] = await Promise.all([startNearMissApi('lax'), startNearMissApi('strict')]);
});
afterAll(async () => {
  await lax?.close();
  await strict?.close();
});
beforeEach(async () => {
  sandbox = await createSandbox();
});
afterEach(() => sandbox.cleanup());

function falconTest(api: SpecServer, args: string[]) {
  return runFalcon(['test', '--spec', api.specFile, '--base-url', api.url, ...args], { cwd: sandbox.project, env: sandbox.env() });
}

const read = (file: string) => readFile(path.join(sandbox.project, file), 'utf8');

describe('falcon test: near misses and every documented variant', () => {
  it('names each near miss the lax API takes by its kind, and the defects one filter value or one oneOf branch shows, in every report', async () => {
    await mkdir(path.join(sandbox.project, '.falcon'));
    // Fuzzing has tests of its own; here it would only find again what these cases find.
    const result = await falconTest(lax, ['--strategies', 'happy,negative,boundary,stateful', '--report', 'report.html', '--junit', 'junit.xml']);
    expect(result.code).toBe(1);
    const byCheck = result.stdout.slice(result.stdout.indexOf('Failures by check:'));
    for (const check of ['negative_data_rejection', 'response_schema_conformance', 'not_a_server_error'])
      expect(byCheck).toMatch(new RegExp(`^  ${check} +\\d+$`, 'm'));
    expect(result.stdout).toMatch(/^ {6}negative_data_rejection: email without TLD '[a-z]+@example' was accepted \(201\)$/m);
    expect(result.stdout).toMatch(/^ {6}negative_data_rejection: integer with a leading plus sign '\+\d' was accepted \(201\)$/m);
    expect(result.stdout).toContain('[listBookings/happy/query-status-cancelled] → 200');
    expect(result.stdout).toContain('POST /payments with the body as oneOf branch 3 of 3 (voucher) [createPayment/happy/body-oneOf-3] → 500');

    const [markdownFile] = (await readdir(path.join(sandbox.project, '.falcon/reports'))).filter((name) => name.endsWith('.md'));
    const report = JSON.parse(await read(`.falcon/reports/${markdownFile!.replace(/\.md$/, '.json')}`)) as JsonReport;
    const failed = report.results.filter((caseResult) => caseResult.outcome === 'failed');
    expect(failed.map((caseResult) => caseResult.case.id).sort()).toEqual([...Object.keys(NEAR_MISS_DEFECTS), ...Object.keys(VARIANT_DEFECTS)].sort());
    const messages: string[] = [];
    for (const [caseId, finding] of Object.entries(NEAR_MISS_DEFECTS)) {
      const caught = failed.find((caseResult) => caseResult.case.id === caseId)!;
      const rejection = caught.findings.find((candidate) => candidate.kind === 'negative_data_rejection');
      expect(rejection?.message, caseId).toMatch(finding);
      expect(caught.case).toMatchObject({ kind: 'negative', expectRejection: true, nearMiss: expect.any(String) });
      messages.push(rejection!.message);
    }
    for (const [caseId, check] of Object.entries(VARIANT_DEFECTS)) {
      expect(
        failed.find((caseResult) => caseResult.case.id === caseId)?.findings.map((finding) => finding.kind),
        caseId,
      ).toContain(check);
    }
    expect(failed.find((caseResult) => caseResult.case.id === 'listBookings/happy/query-status-cancelled')?.findings[0]?.message).toMatch(
      /^\$\[0\]\.startsAt: must be string, got \d+$/,
    );
    // +1 went as JSON text: what was sent, and what the reproduction sends, is not JSON.
    const plus = failed.find((caseResult) => caseResult.case.id === 'createBooking/negative/guests-plus-sign')!;
    expect(plus.request?.body).toMatch(/"guests":\+\d,/);
    expect(plus.reproduce?.join('\n')).toMatch(/--data-raw '.*"guests":\+\d,.*'/);

    const markdown = await read(`.falcon/reports/${markdownFile}`);
    const html = await read('report.html');
    const junit = await read('junit.xml');
    for (const message of messages) {
      expect(markdown).toContain(`\`negative_data_rejection\`: ${markdownText(message)}`);
      expect(html).toContain(escapeMarkupText(message));
      expect(junit).toContain(escapeMarkupAttribute(message));
    }
    expect(html).toContain('createPayment/happy/body-oneOf-3');
    expect(junit).toContain(
      '<testcase name="GET /bookings with query parameter &quot;status&quot; set to &quot;cancelled&quot; [listBookings/happy/query-status-cancelled]"',
    );
  });

  it('finds nothing on the strict twin, every strategy on, and sends it each status and each payment method', async () => {
    const result = await falconTest(strict, ['--report', 'report.json']);
    expect(result.stdout).not.toContain('Failures');
    expect(result.stdout).toMatch(/^Cases: (\d+) — \1 passed, 0 failed, 0 skipped$/m);
    expect(result.code).toBe(0);
    const report = JSON.parse(await read('report.json')) as JsonReport;
    const status = (id: string) => report.results.find((caseResult) => caseResult.case.id === id)?.response?.status;
    for (const id of ['listBookings/happy/query-status-pending', 'listBookings/happy/query-status-cancelled']) expect(status(id), id).toBe(200);
    for (const id of ['createPayment/happy/valid', 'createPayment/happy/body-oneOf-2', 'createPayment/happy/body-oneOf-3']) expect(status(id), id).toBe(201);
    for (const id of Object.keys(NEAR_MISS_DEFECTS)) expect(status(id), id).toBe(400);
  });
});
