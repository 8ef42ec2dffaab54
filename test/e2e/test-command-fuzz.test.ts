import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JsonReport } from '../../src/engines/testing/report/json-report.js';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { type FuzzNotesServer, startFuzzNotesApi } from '../apis/fuzz-notes-api.js';

// Needs the built binary: `npm run build` (npm test does it first).
let sandbox: Sandbox;
let api: FuzzNotesServer | undefined;
beforeEach(async () => {
  sandbox = await createSandbox();
});
afterEach(async () => {
  await api?.close();
  api = undefined;
  await sandbox.cleanup();
});

function fuzz(server: FuzzNotesServer, ...args: string[]) {
  return runFalcon(['test', '--spec', server.specFile, '--base-url', server.url, '--strategies', 'fuzz', '--seed', '7', ...args], {
    cwd: sandbox.project,
    env: sandbox.env(),
  });
}

describe('falcon test --strategies fuzz', () => {
  it('exits 1 on the planted defect, showing the shrunk input and its curl line; the same seed reports the same input', async () => {
    api = await startFuzzNotesApi({ build: 'defective' });
    const result = await fuzz(api, '--report', 'fuzz.json');
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^Cases: \d+ — \d+ passed, 1 failed, 0 skipped$/m);
    expect(result.stdout).toMatch(/^ {2}not_a_server_error +1$/m);
    expect(result.stdout).toMatch(
      /✗ POST \/notes with a fuzzed input, minimal after \d+ shrink steps: body \{"title":"(\\u[0-9a-f]{4}|[^"]){1,3}"\} \[createNote\/fuzz\/inputs\] → 500/,
    );
    expect(result.stdout).toMatch(/curl -sS -i -X POST 'http:\/\/127\.0\.0\.1:\d+\/notes' .*--data-raw '\{"title":"[^"]{1,3}"\}'/);
    const report = JSON.parse(await readFile(path.join(sandbox.project, 'fuzz.json'), 'utf8')) as JsonReport;
    const failed = report.results.find((result) => result.outcome === 'failed')!;
    expect(failed.case.kind).toBe('fuzz');
    expect(failed.fuzz).toMatchObject({ budget: 20, shrinkSteps: expect.any(Number) as number });
    expect(failed.case.mutation).toMatch(/^input \d+ of 20 \(seed \d+\) failed; \d+ shrink steps \(\d+ requests\) made it: body \{"title":/);

    const again = await fuzz(api, '--report', 'again.json');
    const replayed = (JSON.parse(await readFile(path.join(sandbox.project, 'again.json'), 'utf8')) as JsonReport).results.find(
      (result) => result.outcome === 'failed',
    )!;
    expect(again.code).toBe(1);
    expect(replayed.case.request).toEqual(failed.case.request);
    expect(replayed.fuzz).toEqual(failed.fuzz);
  });

  it('exits 0 on the conforming twin, within --max-cases inputs per operation', async () => {
    api = await startFuzzNotesApi({ build: 'conforming' });
    const result = await fuzz(api, '--max-cases', '8');
    expect(result.stdout).not.toContain('Failures');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Cases: (\d+) — \1 passed, 0 failed, 0 skipped$/m);
    expect(api.requests()).toMatchObject({ 'GET /notes': 8, 'POST /notes': 8 });
  });
});
