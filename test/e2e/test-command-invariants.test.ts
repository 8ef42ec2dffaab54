import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonCaseResult, JsonReport } from '../../src/engines/testing/report/json-report.js';
import { INVARIANT_DEFECTS, INVARIANTS_SPEC_FILE, startInvariantsApi } from '../apis/invariants-api.js';
import type { SpecServer } from '../apis/loopback-server.js';
import { createSandbox, type FalconResult, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { requireTool } from '../support/required-tools.js';

// Needs the built binary: `npm run build` (npm test does it first). The invariants API plants a
// defect for each check that holds requests against one another; its twin follows the same spec.
const run = promisify(execFile);

let planted: SpecServer;
let twin: SpecServer;
let sandbox: Sandbox;

beforeAll(async () => {
  [planted, twin] = await Promise.all([startInvariantsApi({ planted: true }), startInvariantsApi({ planted: false })]);
  sandbox = await createSandbox();
  await mkdir(path.join(sandbox.project, '.falcon'), { recursive: true });
});
afterAll(async () => {
  await planted?.close();
  await twin?.close();
  await sandbox?.cleanup();
});

function falcon(args: string[]): Promise<FalconResult> {
  return runFalcon(args, { cwd: sandbox.project, env: sandbox.env() });
}

/** Runs the lines in bash, as a user pasting them would. */
async function bash(lines: string[]): Promise<string> {
  const { stdout } = await run('bash', ['-c', lines.join('\n')], { timeout: 15_000 });
  return stdout;
}

describe('falcon test: requests held against one another', () => {
  let result: FalconResult;
  let report: JsonReport;
  const caseResult = (id: string): JsonCaseResult => {
    const found = report.results.find((candidate) => candidate.case.id === id);
    expect(found, id).toBeDefined();
    return found!;
  };

  beforeAll(async () => {
    result = await falcon(['test', '--spec', INVARIANTS_SPEC_FILE, '--base-url', planted.url, '--report', 'out/run.json', '--junit', 'out/junit.xml']);
    report = JSON.parse(await readFile(path.join(sandbox.project, 'out', 'run.json'), 'utf8')) as JsonReport;
  });

  it('finds each planted defect by its check: exit 1, named in the summary and the JSON report', () => {
    expect(result.code).toBe(1);
    const byCheck = result.stdout.slice(result.stdout.indexOf('Failures by check:'));
    for (const check of ['pagination_consistency', 'write_read_consistency', 'delete_effective', 'use_after_free'])
      expect(byCheck).toMatch(new RegExp(`^  ${check} +\\d+$`, 'm'));
    expect(result.stdout).toContain('pagination_consistency: page 5, past the last page (4), repeats 1 item of page 4: id=7 (expected none)');
    expect(result.stdout).toContain('write_read_consistency: birthDate: step 1 (createMember) sent "1990-05-17", the read holds "1990-05-16"');
    expect(report.checks).toEqual(expect.arrayContaining(['pagination_consistency', 'write_read_consistency', 'delete_effective', 'use_after_free']));
    for (const defect of INVARIANT_DEFECTS)
      expect(
        caseResult(defect.caseId).findings.map((finding) => finding.kind),
        defect.caseId,
      ).toContain(defect.check);
    const kinds = new Set(report.results.flatMap((each) => each.findings.map((finding) => finding.kind)));
    expect([...kinds].sort()).toEqual(['delete_effective', 'pagination_consistency', 'use_after_free', 'write_read_consistency']);
  });

  it('proves each with its requests: the walk page by page, the read back of a write, the chain up to a step', async () => {
    const walk = caseResult('listEvents/probe/walk-pages');
    expect(walk.followUps?.map((followUp) => followUp.label)).toEqual(['page 2', 'page 3', 'page 4', 'page 5 (past the end)']);
    expect(walk.reproduce?.filter((line) => line.startsWith('#'))).toEqual(['# page 1', '# page 2', '# page 3', '# page 4', '# page 5 (past the end)']);
    const replaced = caseResult('replaceMember/stateful/replace-created');
    expect(replaced.findings.map((finding) => finding.message)).toContain('nickname: this request sent "Ada", the read back has none');
    expect(replaced.reproduce?.slice(-2)).toEqual([
      '# step 3 (replaceMember), then its read back',
      `curl -sS -i "${planted.url}/members/$MEMBER_ID" -H 'accept: application/json'`,
    ]);
    const junit = await readFile(path.join(sandbox.project, 'out', 'junit.xml'), 'utf8');
    expect(junit).toContain('type="pagination_consistency"');
    expect(junit).toContain(`Then, page 5 (past the end): GET ${planted.url}/events?offset=7&amp;limit=2 → 200 OK`);
    const reports = path.join(sandbox.project, '.falcon', 'reports');
    const markdownFile = (await readdir(reports)).find((name) => name.endsWith('.md'))!;
    const markdown = await readFile(path.join(reports, markdownFile), 'utf8');
    expect(markdown).toContain(`**Then, read back** — \`GET ${planted.url}/members/`);
    expect(markdown).toContain('```sh\n# page 1\ncurl');
    const html = await falcon(['test', 'merge-reports', 'out/run.html', 'out/run.json']);
    expect(html.code).toBe(1);
    const page = await readFile(path.join(sandbox.project, 'out', 'run.html'), 'utf8');
    expect(page).toContain('<h4>Then, page 5 (past the end) — 200 OK');
    expect(page).toContain('# step 3 (replaceMember), then its read back');
  });

  it(
    'gives lines that, run in a shell, show the defect again: the past-the-end page, the member read after its delete',
    { ...requireTool('curl'), ...requireTool('jq') },
    async () => {
      const pages = await bash(caseResult('listEvents/probe/walk-pages').reproduce!);
      expect(pages.match(/^HTTP\/1\.1 200 /gm)).toHaveLength(5);
      expect(pages.trimEnd().endsWith('[{"id":7,"title":"Hackday"}]')).toBe(true);
      const afterDelete = caseResult('getMember/stateful/read-deleted');
      expect(afterDelete.findings).toEqual([
        {
          kind: 'delete_effective',
          message: 'answered 200 for a resource deleted by deleteMember/stateful/delete-created (which answered 204): expected it gone (404 or 410)',
        },
      ]);
      // The whole chain, each value taken from an answer at replay time (and what its create refers to before it).
      const chain = afterDelete.reproduce!;
      expect(chain.flatMap((line) => /^# step (\d) \((\w+)\)/.exec(line)?.slice(1, 3).join(' ') ?? [])).toEqual([
        '1 createMember',
        '2 getMember',
        '3 replaceMember',
        '4 updateMember',
        '5 deleteMember',
        '6 getMember',
      ]);
      expect(chain.at(-2)).toBe('# step 6 (getMember): the step that failed');
      const lastAnswer = (output: string) => [...output.matchAll(/^HTTP\/1\.1 (\d+) /gm)].at(-1)?.[1];
      expect(lastAnswer(await bash(chain))).toBe('200');
    },
  );

  it('passes the conforming twin of the same spec: exit 0, every case passed', async () => {
    const conforming = await falcon(['test', '--spec', INVARIANTS_SPEC_FILE, '--base-url', twin.url]);
    expect(conforming.stdout).not.toContain('Failures');
    expect(conforming.stdout).toMatch(/^Cases: (\d+) — \1 passed, 0 failed, 0 skipped$/m);
    expect(conforming.code).toBe(0);
  });
});
