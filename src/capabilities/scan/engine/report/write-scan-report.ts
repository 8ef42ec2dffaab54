import { replaceFile } from '../../../../safety/atomic-write.js';
import { cannotWriteReport, writeProjectReport } from '../../../../engines/testing/report/project-report-file.js';
import type { ScanResult } from '../run-scan.js';
import { ScanUsageError } from '../scan-usage-error.js';
import { scanHtml } from './scan-html.js';
import { scanJson } from './scan-json.js';
import { scanMarkdown } from './scan-markdown.js';
import { scanSarif } from './scan-sarif.js';

export type ScanReportFormat = 'markdown' | 'html' | 'json' | 'sarif';

const EXTENSIONS: Array<[string, ScanReportFormat]> = [
  ['.md', 'markdown'],
  ['.html', 'html'],
  ['.htm', 'html'],
  ['.json', 'json'],
  ['.sarif', 'sarif'],
  ['.sarif.json', 'sarif'],
];

/** The extensions a report file may have; the extension chooses the format. */
export const SCAN_REPORT_EXTENSIONS = EXTENSIONS.map(([extension]) => extension);

export interface ScanReportOptions {
  /** Falcon's version, which SARIF names. */
  version: string;
  /** The spec file relative to the repository root, where SARIF places the findings. */
  specUri?: string;
  /** The time the report gives; default now. */
  finishedAt?: Date;
  /** The format, when an option names it rather than the file's extension (`--sarif FILE`). */
  format?: ScanReportFormat;
}

/** The format the file's extension names (any case); refuses one that names none, worth doing before a scan rather than after it. */
export function checkScanReportFile(file: string): ScanReportFormat {
  const name = file.toLowerCase();
  // The longest ending that matches: `.sarif.json` is SARIF, not JSON.
  const format = EXTENSIONS.filter(([extension]) => name.endsWith(extension)).sort(([a], [b]) => b.length - a.length)[0]?.[1];
  if (!format) throw new ScanUsageError(`cannot tell the report format of "${file}": its name must end in ${SCAN_REPORT_EXTENSIONS.join(', ')}`);
  return format;
}

export function renderScanReport(result: ScanResult, format: ScanReportFormat, options: ScanReportOptions): string {
  const finishedAt = options.finishedAt ?? new Date();
  switch (format) {
    case 'markdown':
      return scanMarkdown(result, finishedAt);
    case 'html':
      return scanHtml(result, finishedAt);
    case 'json':
      return scanJsonText(result);
    case 'sarif':
      return `${JSON.stringify(scanSarif(result, { version: options.version, specUri: options.specUri }), null, 2)}\n`;
  }
}

/** Writes the report where the user asked, creating its folder; a reader never sees half a file. */
export async function writeScanReport(result: ScanResult, file: string, options: ScanReportOptions): Promise<void> {
  const content = renderScanReport(result, options.format ?? checkScanReportFile(file), options);
  await replaceFile(file, content).catch((error: unknown) => {
    throw cannotWriteReport(file, error);
  });
}

export interface ProjectScanReportOptions {
  projectRoot: string;
  /** What was scanned (the spec's title, or the target); made safe for a file name. */
  name: string;
  /** The time in the file name (local time) and the report's; default now. */
  now?: Date;
}

/**
 * Writes the Markdown report to `.falcon/reports/scan_report_<name>_<YYYYMMDD-HHMMSS>.md`, and beside
 * it `<same name>.json` (what `--json` writes), and returns the Markdown's project-relative path; a
 * report of the same name and second is kept, the new one gets a `-2`, `-3`… suffix.
 */
export async function writeProjectScanReport(result: ScanResult, options: ProjectScanReportOptions): Promise<string> {
  const now = options.now ?? new Date();
  return writeProjectReport(options.projectRoot, {
    type: 'scan',
    name: options.name,
    now,
    extension: 'md',
    content: scanMarkdown(result, now),
    jsonTwin: scanJsonText(result),
  });
}

function scanJsonText(result: ScanResult): string {
  return `${JSON.stringify(scanJson(result), null, 2)}\n`;
}
