import { replaceFile } from '../../../safety/atomic-write.js';
import type { SecretRegistry } from '../../../safety/secret-registry.js';
import type { TestRun } from '../test-run.js';
import { REPORT_EXTENSIONS, type ReportFormat } from './report-format.js';
import { renderReport } from './render-report.js';
import { cannotWriteReport, writeProjectReport } from './project-report-file.js';

export interface WriteRunReportsOptions {
  projectRoot: string;
  /** What ran: `test`, `smoke`, `functional`, `data`, `idempotency`, `regression`. */
  type: string;
  /** The suite, spec or request the run was about; made safe for a file name. */
  name: string;
  /** Default `['md']`. */
  formats?: readonly ReportFormat[];
  /** The time in the file names (local time); default now. */
  now?: Date;
  /** The session's secrets, masked wherever they appear in the reports. */
  secrets?: SecretRegistry;
}

/**
 * Writes the run's reports to `.falcon/reports/<type>_report_<name>_<YYYYMMDD-HHMMSS>.<ext>` and
 * returns their project-relative paths. The Markdown report has a JSON twin of the same name, which
 * is the JSON report when that is asked for too. A report of the same name and second is kept, even
 * one written by another run meanwhile: the new one gets a `-2`, `-3`… suffix.
 */
export async function writeRunReports(run: TestRun, options: WriteRunReportsOptions): Promise<string[]> {
  const now = options.now ?? new Date();
  // Markdown first, so that a JSON report asked for too is its twin.
  const formats = [...new Set<ReportFormat>(options.formats ?? ['md'])].sort((a, b) => Number(b === 'md') - Number(a === 'md'));
  const written: string[] = [];
  let markdown: string | undefined;
  for (const format of formats) {
    if (format === 'json' && markdown !== undefined) {
      written.push(markdown.replace(/\.md$/, '.json'));
      continue;
    }
    const content = renderReport(run, format, options.secrets);
    const jsonTwin = format === 'md' ? renderReport(run, 'json', options.secrets) : undefined;
    const file = await writeProjectReport(options.projectRoot, {
      type: options.type,
      name: options.name,
      now,
      extension: REPORT_EXTENSIONS[format],
      content,
      jsonTwin,
    });
    if (format === 'md') markdown = file;
    written.push(file);
  }
  return written;
}

/** Writes one report where the user asked, creating its folder; a reader never sees half a file. */
export async function writeReportFile(run: TestRun, file: string, format: ReportFormat, secrets?: SecretRegistry): Promise<void> {
  await replaceFile(file, renderReport(run, format, secrets)).catch((error: unknown) => {
    throw cannotWriteReport(file, error);
  });
}
