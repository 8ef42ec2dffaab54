import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { writeReportFile, writeRunReports } from '../../../engines/testing/report/write-run-reports.js';
import type { TestRun } from '../../../engines/testing/test-run.js';
import { hasFalconDir } from '../../../workspace/falcon-dir.js';
import type { SummaryReports } from './format-test-summary.js';
import type { ReportTarget } from './test-flags.js';

/**
 * The Markdown report in .falcon/reports/ (when the project has a .falcon folder), then the files
 * asked for with --report and --junit. A file that cannot be written is listed in `failed`, and the
 * others are still written.
 */
export async function writeTestReports(run: TestRun, projectRoot: string, name: string, targets: ReportTarget[]): Promise<SummaryReports> {
  const reports: SummaryReports = { written: [], failed: [] };
  if (await hasFalconDir(projectRoot)) {
    reports.written.push(...(await writeRunReports(run, { projectRoot, type: 'test', name })));
  } else {
    reports.note = 'no report in .falcon/reports/: this folder has no .falcon (falcon init makes one)';
  }
  for (const target of targets) {
    try {
      await mkdir(path.dirname(target.file), { recursive: true });
      await writeReportFile(run, target.file, target.format);
      reports.written.push(target.shown);
    } catch (error) {
      // mkdir fails with an errno; writeReportFile wraps a failed write in a plain Error naming the
      // file. Anything else is a bug and goes up.
      const { name: kind, code, message } = error as NodeJS.ErrnoException;
      if (code === undefined && kind !== 'Error') throw error;
      reports.failed.push(`cannot write ${target.shown}: ${code ?? message}`);
    }
  }
  // Only worth saying when nothing at all was written: --report and --junit are reports too.
  if (reports.written.length > 0) delete reports.note;
  return reports;
}
