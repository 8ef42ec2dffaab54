import { mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PerfUsageError } from '../../../../src/engines/perf/perf-usage-error.js';
import { perfHtml } from '../../../../src/engines/perf/report/perf-html.js';
import { perfMarkdown } from '../../../../src/engines/perf/report/perf-markdown.js';
import { checkPerfReportFile, writePerfReport, writeProjectPerfReport } from '../../../../src/engines/perf/report/write-perf-report.js';
import { closedRun, FINISHED_AT } from './sample-perf-results.js';

let root: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'falcon-perf-reports-')));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

// Local time, as the file names are.
const NOW = new Date(2025, 2, 4, 5, 6, 7);

describe('writePerfReport', () => {
  it('chooses the format by the extension, in any case, and creates the folder', async () => {
    const result = closedRun();
    await writePerfReport(result, path.join(root, 'out', 'run.md'), FINISHED_AT);
    await writePerfReport(result, path.join(root, 'out', 'run.HTML'), FINISHED_AT);
    await writePerfReport(result, path.join(root, 'out', 'run.htm'), FINISHED_AT);
    await writePerfReport(result, path.join(root, 'out', 'run.json'), FINISHED_AT);
    expect(await readFile(path.join(root, 'out', 'run.md'), 'utf8')).toBe(perfMarkdown(result, FINISHED_AT));
    expect(await readFile(path.join(root, 'out', 'run.HTML'), 'utf8')).toBe(perfHtml(result, FINISHED_AT));
    expect(await readFile(path.join(root, 'out', 'run.htm'), 'utf8')).toBe(perfHtml(result, FINISHED_AT));
    const json = await readFile(path.join(root, 'out', 'run.json'), 'utf8');
    expect(json).toBe(`${JSON.stringify(result, null, 2)}\n`);
    expect(JSON.parse(json)).toEqual(result);
  });

  it('replaces an earlier report whole and leaves no temporary file', async () => {
    const file = path.join(root, 'run.md');
    await writeFile(file, 'old report');
    await writePerfReport(closedRun(), file, FINISHED_AT);
    expect(await readFile(file, 'utf8')).toBe(perfMarkdown(closedRun(), FINISHED_AT));
    expect(await readdir(root)).toEqual(['run.md']);
  });

  it('refuses an extension that names no format, listing the ones that do, before writing anything', async () => {
    const file = path.join(root, 'run.xml');
    const message = 'cannot tell the report format of "' + file + '": its name must end in .md, .html, .htm, .json';
    await expect(writePerfReport(closedRun(), file)).rejects.toThrow(new PerfUsageError(message));
    expect(() => checkPerfReportFile('report')).toThrow(PerfUsageError);
    expect(() => checkPerfReportFile('report.Md')).not.toThrow();
    expect(await readdir(root)).toEqual([]);
  });

  it('names the file it could not write', async () => {
    await writeFile(path.join(root, 'taken'), '');
    await expect(writePerfReport(closedRun(), path.join(root, 'taken', 'run.md'))).rejects.toThrow(
      `cannot write the report ${path.join(root, 'taken', 'run.md')}:`,
    );
  });
});

describe('writeProjectPerfReport', () => {
  it("writes the Markdown report into .falcon/reports under the test reports' naming and returns its project path", async () => {
    const written = await writeProjectPerfReport(closedRun(), { projectRoot: root, name: 'GET https://API.example.com/users?id=1', now: NOW });
    expect(written).toBe('.falcon/reports/perf_report_get-https-api-example-com-users-id-1_20250304-050607.md');
    expect(await readFile(path.join(root, written), 'utf8')).toBe(perfMarkdown(closedRun(), NOW));
  });

  it('writes beside it its JSON twin: what --json writes', async () => {
    const written = await writeProjectPerfReport(closedRun(), { projectRoot: root, name: 'api', now: NOW });
    await writePerfReport(closedRun(), path.join(root, 'out.json'));
    expect(await readFile(path.join(root, written.replace(/\.md$/, '.json')), 'utf8')).toBe(await readFile(path.join(root, 'out.json'), 'utf8'));
  });

  it('keeps a report written in the same second and gives the new one a suffix', async () => {
    const first = await writeProjectPerfReport(closedRun(), { projectRoot: root, name: 'api', now: NOW });
    const second = await writeProjectPerfReport({ ...closedRun(), target: 'second' }, { projectRoot: root, name: 'api', now: NOW });
    expect([first, second]).toEqual(['.falcon/reports/perf_report_api_20250304-050607.md', '.falcon/reports/perf_report_api_20250304-050607-2.md']);
    expect(await readFile(path.join(root, first), 'utf8')).toContain('# Load test: http://127.0.0.1:4010/pets');
    expect(await readFile(path.join(root, second), 'utf8')).toContain('# Load test: second');
  });
});

describe('the project report name', () => {
  it('makes any name safe for a file: no separators, dots or controls, at most 60 characters', async () => {
    const named = (name: string) => writeProjectPerfReport(closedRun(), { projectRoot: root, name, now: NOW });
    expect(await named('../../etc/passwd')).toBe('.falcon/reports/perf_report_etc-passwd_20250304-050607.md');
    expect(await named('Café \u001B[31m /ünïcode')).toBe('.falcon/reports/perf_report_cafe-31m-unicode_20250304-050607.md');
    expect(await named('日本語')).toBe('.falcon/reports/perf_report_unnamed_20250304-050607.md');
    expect(await named('a'.repeat(100))).toBe(`.falcon/reports/perf_report_${'a'.repeat(60)}_20250304-050607.md`);
  });
});
