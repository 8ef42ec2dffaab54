import { mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanHtml } from '../../../../../src/capabilities/scan/engine/report/scan-html.js';
import { scanJson } from '../../../../../src/capabilities/scan/engine/report/scan-json.js';
import { scanMarkdown } from '../../../../../src/capabilities/scan/engine/report/scan-markdown.js';
import { scanSarif } from '../../../../../src/capabilities/scan/engine/report/scan-sarif.js';
import { checkScanReportFile, writeProjectScanReport, writeScanReport } from '../../../../../src/capabilities/scan/engine/report/write-scan-report.js';
import { ScanUsageError } from '../../../../../src/capabilities/scan/engine/scan-usage-error.js';
import { sarifViolations } from '../../../../support/sarif-validator.js';
import { FINISHED_AT, scanResult } from './sample-scan-results.js';

let root: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'falcon-scan-reports-')));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const OPTIONS = { version: '1.2.3', specUri: 'openapi.yaml', finishedAt: FINISHED_AT };
// Local time, as the file names are.
const NOW = new Date(2025, 2, 4, 5, 6, 7);

async function written(name: string): Promise<string> {
  return readFile(path.join(root, 'out', name), 'utf8');
}

describe('writeScanReport', () => {
  it('chooses the format by the extension, in any case, and creates the folder', async () => {
    const result = scanResult();
    for (const name of ['scan.md', 'scan.HTML', 'scan.htm', 'scan.json', 'scan.sarif', 'scan.Sarif.Json'])
      await writeScanReport(result, path.join(root, 'out', name), OPTIONS);
    expect(await written('scan.md')).toBe(scanMarkdown(result, FINISHED_AT));
    expect(await written('scan.HTML')).toBe(scanHtml(result, FINISHED_AT));
    expect(await written('scan.htm')).toBe(scanHtml(result, FINISHED_AT));
    expect(await written('scan.json')).toBe(`${JSON.stringify(scanJson(result), null, 2)}\n`);
    const sarif = `${JSON.stringify(scanSarif(result, { version: '1.2.3', specUri: 'openapi.yaml' }), null, 2)}\n`;
    expect(await written('scan.sarif')).toBe(sarif);
    expect(await written('scan.Sarif.Json')).toBe(sarif);
    expect(sarifViolations(JSON.parse(sarif))).toEqual([]);
  });

  it('writes the format an option names whatever the file is called (--sarif results.json)', async () => {
    const result = scanResult();
    await writeScanReport(result, path.join(root, 'out', 'results.json'), { ...OPTIONS, format: 'sarif' });
    await writeScanReport(result, path.join(root, 'out', 'findings'), { ...OPTIONS, format: 'json' });
    expect(JSON.parse(await written('results.json'))).toEqual(scanSarif(result, { version: '1.2.3', specUri: 'openapi.yaml' }));
    expect(JSON.parse(await written('findings'))).toEqual(scanJson(result));
  });

  it('replaces an earlier report whole and leaves no temporary file', async () => {
    const file = path.join(root, 'scan.md');
    await writeFile(file, 'old report');
    await writeScanReport(scanResult(), file, OPTIONS);
    expect(await readFile(file, 'utf8')).toBe(scanMarkdown(scanResult(), FINISHED_AT));
    expect(await readdir(root)).toEqual(['scan.md']);
  });

  it('refuses an extension that names no format, listing the ones that do, before writing anything', async () => {
    const file = path.join(root, 'scan.xml');
    const message = `cannot tell the report format of "${file}": its name must end in .md, .html, .htm, .json, .sarif, .sarif.json`;
    await expect(writeScanReport(scanResult(), file, OPTIONS)).rejects.toThrow(new ScanUsageError(message));
    expect(() => checkScanReportFile('report')).toThrow(ScanUsageError);
    expect(() => checkScanReportFile('report.sarif.txt')).toThrow(ScanUsageError);
    expect(await readdir(root)).toEqual([]);
  });

  it('tells the format a file name chooses', () => {
    expect(['a.md', 'a.Md', 'a.html', 'a.htm', 'a.json', 'a.sarif', 'a.sarif.json', 'a.SARIF.JSON'].map(checkScanReportFile)).toEqual([
      'markdown',
      'markdown',
      'html',
      'html',
      'json',
      'sarif',
      'sarif',
      'sarif',
    ]);
  });

  it('names the file it could not write', async () => {
    await writeFile(path.join(root, 'taken'), '');
    const file = path.join(root, 'taken', 'scan.md');
    await expect(writeScanReport(scanResult(), file, OPTIONS)).rejects.toThrow(`cannot write the report ${file}:`);
  });
});

describe('writeProjectScanReport', () => {
  it("writes the Markdown report into .falcon/reports under the reports' naming and returns its project path", async () => {
    const report = await writeProjectScanReport(scanResult(), { projectRoot: root, name: 'Pet Store v2', now: NOW });
    expect(report).toBe('.falcon/reports/scan_report_pet-store-v2_20250304-050607.md');
    expect(await readFile(path.join(root, report), 'utf8')).toBe(scanMarkdown(scanResult(), NOW));
  });

  it('writes beside it its JSON twin: what --json writes', async () => {
    const report = await writeProjectScanReport(scanResult(), { projectRoot: root, name: 'api', now: NOW });
    await writeScanReport(scanResult(), path.join(root, 'out.json'), { version: '1.0.0' });
    expect(await readFile(path.join(root, report.replace(/\.md$/, '.json')), 'utf8')).toBe(await readFile(path.join(root, 'out.json'), 'utf8'));
  });

  it('keeps a report written in the same second and gives the new one a suffix', async () => {
    const first = await writeProjectScanReport(scanResult(), { projectRoot: root, name: 'api', now: NOW });
    const second = await writeProjectScanReport(scanResult({ target: 'http://second' }), { projectRoot: root, name: 'api', now: NOW });
    expect([first, second]).toEqual(['.falcon/reports/scan_report_api_20250304-050607.md', '.falcon/reports/scan_report_api_20250304-050607-2.md']);
    expect(await readFile(path.join(root, second), 'utf8')).toContain('# Security scan: http://second');
  });
});
