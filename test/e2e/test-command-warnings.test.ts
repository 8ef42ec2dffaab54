import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JsonReport } from '../../src/engines/testing/report/json-report.js';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { NOTES_API_KEY, startKeyedNotesApi } from '../apis/keyed-notes-api.js';
import type { SpecServer } from '../apis/loopback-server.js';

// Needs the built binary: `npm run build` (npm test does it first). The keyed notes API answers
// 401 to every routed request without its key, a documented answer: without warnings, a run
// without the key would pass every check and prove nothing.
let api: SpecServer;
let sandbox: Sandbox;

// Fuzzing has its own tests; these are about what the other strategies' answers prove.
const STRATEGIES = ['--strategies', 'happy,negative,boundary,stateful'];
const OPERATIONS = 5;

// A new API for each test: a run deletes note 1, and a later run would find nothing to read.
beforeEach(async () => {
  api = await startKeyedNotesApi();
  sandbox = await createSandbox();
});
afterEach(async () => {
  await api.close();
  await sandbox.cleanup();
});

function falconTest(args: string[], env: Record<string, string> = {}) {
  return runFalcon(['test', '--spec', api.specFile, ...STRATEGIES, ...args], { cwd: sandbox.project, env: sandbox.env(env) });
}

async function read(file: string): Promise<string> {
  return readFile(path.join(sandbox.project, file), 'utf8');
}

describe('falcon test warnings: a run that reached nothing does not pass', () => {
  it('without the key: exit 1, the scheme, the header and how to pass it named, in the summary and every report', async () => {
    await mkdir(path.join(sandbox.project, '.falcon'));
    const result = await falconTest(['--base-url', api.url, '--report', 'out/report.json', '--junit', 'out/junit.xml']);

    expect(result.code).toBe(1);
    // Every case sent passes; the chains stop at their first step, which created nothing.
    expect(result.stdout).toMatch(/^Cases: \d+ — \d+ passed, 0 failed, \d+ skipped$/m);
    expect(result.stdout).not.toContain('✓ no failures');
    expect(result.stdout).toMatch(/⚠ no failures in \d+ cases, but 5 warnings: the run fails \(--allow-warnings lets it pass\)\n$/);
    const warnings = result.stdout.slice(result.stdout.indexOf('Warnings:'), result.stdout.indexOf('Reports:'));
    expect(warnings).toContain(`Warnings: no case reached the logic of these ${OPERATIONS} operations, so passing checks prove nothing:`);
    expect(warnings).toContain(
      "  ⚠ missing_auth: getNote (GET /notes/{noteId}) needs credentials the run did not send: the spec's security scheme ApiKeyAuth (an API key in header X-API-Key)",
    );
    expect(warnings).toMatch(/^ {6}all \d+ answered cases got 401 or 403$/m);
    expect(warnings).toContain('      → pass it with -H "X-API-Key: {{API_KEY}}" and set API_KEY in .falcon/environments/<env>.yaml');
    expect(warnings.match(/⚠ missing_auth: /g)).toHaveLength(OPERATIONS);

    const json = JSON.parse(await read('out/report.json')) as JsonReport;
    expect(json.warnings.map((warning) => `${warning.kind} ${warning.operation}`).sort()).toEqual(
      ['createNote', 'deleteNote', 'getNote', 'listNotes', 'renameNote'].map((operation) => `missing_auth ${operation}`),
    );
    expect(json.warnings[0]).toEqual({
      kind: 'missing_auth',
      operation: 'listNotes',
      message: expect.stringContaining('X-API-Key'),
      evidence: expect.any(String),
      advice: expect.stringContaining('{{API_KEY}}'),
    });
    const junit = await read('out/junit.xml');
    expect(junit).toMatch(/<testsuite name="falcon warnings" [^>]*tests="5" failures="5" errors="0"/);
    expect(junit).toContain('<testcase name="missing_auth: getNote" classname="getNote"');
    const markdown = (await readdir(path.join(sandbox.project, '.falcon/reports'))).filter((name) => name.endsWith('.md'));
    expect(markdown).toHaveLength(1);
    expect(await read(`.falcon/reports/${markdown[0]}`)).toContain(`## Warnings (${OPERATIONS})`);
  });

  it('with -H "X-API-Key: {{API_KEY}}" and the key in the environment: every operation reached, exit 0', async () => {
    await mkdir(path.join(sandbox.project, '.falcon/environments'), { recursive: true });
    await writeFile(path.join(sandbox.project, '.falcon/environments/dev.yaml'), `BASE_URL: ${api.url}\nAPI_KEY: "{{env:NOTES_KEY}}"\n`);
    const result = await falconTest(['-H', 'X-API-Key: {{API_KEY}}', '--report', 'out/report.json'], { NOTES_KEY: NOTES_API_KEY });

    expect(result.stderr).not.toContain(NOTES_API_KEY);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('Warnings');
    expect(result.stdout).toMatch(/✓ no failures in \d+ cases\n$/);
    expect(result.stdout).not.toContain(NOTES_API_KEY);
    const json = JSON.parse(await read('out/report.json')) as JsonReport;
    expect(json.warnings).toEqual([]);
    expect(json.operations).toEqual({ total: OPERATIONS, covered: OPERATIONS });
  });

  it('--allow-warnings: exit 0, the warnings still shown and reported, as allowed', async () => {
    const result = await falconTest(['--base-url', api.url, '--include', 'getNote', '--allow-warnings', '--report', 'report.html', '--junit', 'junit.xml']);

    expect(result.code).toBe(0);
    expect(result.stdout).toContain('⚠ missing_auth: getNote (GET /notes/{noteId}) needs credentials the run did not send');
    expect(result.stdout).toMatch(/⚠ no failures in \d+ cases, but 1 warning \(allowed by --allow-warnings\)\n$/);
    const html = await read('report.html');
    expect(html).toContain('<h2>Warnings (1)</h2>');
    expect(html).toContain('allowed by <code>--allow-warnings</code>');
    expect(await read('junit.xml')).toMatch(/<testsuite name="falcon warnings" [^>]*tests="1" failures="0" errors="0" skipped="1"/);
  });

  it('says "no report in .falcon/reports/" only when no report at all was written', async () => {
    const args = ['--base-url', api.url, '--include', 'getNote', '-H', `X-API-Key: ${NOTES_API_KEY}`];
    const withJunit = await falconTest([...args, '--junit', 'junit.xml']);
    expect(withJunit.code).toBe(0);
    expect(withJunit.stdout).toContain('Reports:\n  junit.xml\n');
    expect(withJunit.stdout).not.toContain('no report in');

    const withReport = await falconTest([...args, '--report', 'r.md']);
    expect(withReport.stdout).toContain('Reports:\n  r.md\n');
    expect(withReport.stdout).not.toContain('no report in');

    const none = await falconTest(args);
    expect(none.stdout).toContain('Reports:\n  no report in .falcon/reports/: this folder has no .falcon (falcon init makes one)\n');
  });
});
