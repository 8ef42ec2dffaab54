import { mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reportFormatOfFile } from '../../../../src/engines/testing/report/report-format.js';
import { renderReport } from '../../../../src/engines/testing/report/render-report.js';
import { writeReportFile, writeRunReports } from '../../../../src/engines/testing/report/write-run-reports.js';
import { mixedRun } from './sample-runs.js';

let root: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'falcon-reports-')));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

// Local time, as the file names are.
const NOW = new Date(2025, 2, 4, 5, 6, 7);

describe('writeRunReports', () => {
  it('writes each asked format into .falcon/reports under a dated name and returns project-relative paths', async () => {
    const run = mixedRun();
    const paths = await writeRunReports(run, {
      projectRoot: root,
      type: 'test',
      name: 'Petstore v1/users',
      formats: ['md', 'json', 'junit', 'html'],
      now: NOW,
    });
    expect(paths).toEqual([
      '.falcon/reports/test_report_petstore-v1-users_20250304-050607.md',
      '.falcon/reports/test_report_petstore-v1-users_20250304-050607.json',
      '.falcon/reports/test_report_petstore-v1-users_20250304-050607.xml',
      '.falcon/reports/test_report_petstore-v1-users_20250304-050607.html',
    ]);
    expect(await readFile(path.join(root, paths[0]!), 'utf8')).toBe(renderReport(run, 'md'));
    expect(await readFile(path.join(root, paths[2]!), 'utf8')).toBe(renderReport(run, 'junit'));
    expect((await readdir(path.join(root, '.falcon', 'reports'))).sort()).toEqual(paths.map((file) => path.basename(file)).sort());
  });

  it('writes Markdown by default, with its JSON twin beside it holding the JSON report', async () => {
    expect(await writeRunReports(mixedRun(), { projectRoot: root, type: 'smoke', name: 'api', now: NOW })).toEqual([
      '.falcon/reports/smoke_report_api_20250304-050607.md',
    ]);
    expect(await readdir(path.join(root, '.falcon', 'reports'))).toEqual(
      expect.arrayContaining(['smoke_report_api_20250304-050607.md', 'smoke_report_api_20250304-050607.json']),
    );
    expect(await readFile(path.join(root, '.falcon/reports/smoke_report_api_20250304-050607.json'), 'utf8')).toBe(renderReport(mixedRun(), 'json'));
  });

  it("never overwrites a JSON file of the twin's name (one copied in): the report and its twin take the next suffix", async () => {
    await mkdir(path.join(root, '.falcon', 'reports'), { recursive: true });
    await writeFile(path.join(root, '.falcon/reports/test_report_api_20250304-050607.json'), '{"from": "CI"}');
    expect(await writeRunReports(mixedRun(), { projectRoot: root, type: 'test', name: 'api', now: NOW })).toEqual([
      '.falcon/reports/test_report_api_20250304-050607-2.md',
    ]);
    expect(await readFile(path.join(root, '.falcon/reports/test_report_api_20250304-050607.json'), 'utf8')).toBe('{"from": "CI"}');
    expect((await readdir(path.join(root, '.falcon', 'reports'))).sort()).toEqual([
      'test_report_api_20250304-050607-2.json',
      'test_report_api_20250304-050607-2.md',
      'test_report_api_20250304-050607.json',
    ]);
  });

  it('keeps a report written in the same second and gives the new one a suffix', async () => {
    const first = await writeRunReports(mixedRun(), { projectRoot: root, type: 'test', name: 'api', now: NOW });
    const before = await readFile(path.join(root, first[0]!), 'utf8');
    const second = await writeRunReports({ ...mixedRun(), title: 'Second run' }, { projectRoot: root, type: 'test', name: 'api', now: NOW });
    expect(second).toEqual(['.falcon/reports/test_report_api_20250304-050607-2.md']);
    expect(await readFile(path.join(root, first[0]!), 'utf8')).toBe(before);
    expect(await readFile(path.join(root, second[0]!), 'utf8')).toContain('# Test report: Second run');
  });

  it('gives runs that write in the same second at once a report each', async () => {
    const written = await Promise.all([1, 2, 3].map(() => writeRunReports(mixedRun(), { projectRoot: root, type: 'test', name: 'api', now: NOW })));
    expect(written.flat().sort()).toEqual([
      '.falcon/reports/test_report_api_20250304-050607-2.md',
      '.falcon/reports/test_report_api_20250304-050607-3.md',
      '.falcon/reports/test_report_api_20250304-050607.md',
    ]);
  });

  it('makes any name safe for a file name inside the reports folder', async () => {
    const [escaping] = await writeRunReports(mixedRun(), { projectRoot: root, type: '../data', name: '../../etc/passwd', now: NOW });
    expect(escaping).toBe('.falcon/reports/data_report_etc-passwd_20250304-050607.md');
    const [empty] = await writeRunReports(mixedRun(), { projectRoot: root, type: 'regression', name: '🦅 ', now: NOW });
    expect(empty).toBe('.falcon/reports/regression_report_unnamed_20250304-050607.md');
  });
});

describe('writeReportFile', () => {
  it('writes one report where asked, creating its folders, and replaces an older one whole', async () => {
    const file = path.join(root, 'ci', 'out', 'junit.xml');
    await writeReportFile(mixedRun(), file, 'junit');
    await writeReportFile({ ...mixedRun(), results: [] }, file, 'junit');
    expect(await readFile(file, 'utf8')).toBe(renderReport({ ...mixedRun(), results: [] }, 'junit'));
    expect(await readdir(path.dirname(file))).toEqual(['junit.xml']);
  });

  it('says which file it could not write', async () => {
    const folder = path.join(root, 'taken.html');
    await mkdir(folder);
    await expect(writeReportFile(mixedRun(), folder, 'html')).rejects.toThrow(`cannot write the report ${folder}:`);
  });
});

describe('reportFormatOfFile', () => {
  it('knows the format by the extension, in any case', () => {
    expect(['r.md', 'r.json', 'junit.XML', 'r.html', 'r.htm', 'r.txt', 'report'].map(reportFormatOfFile)).toEqual([
      'md',
      'json',
      'junit',
      'html',
      'html',
      undefined,
      undefined,
    ]);
  });
});
