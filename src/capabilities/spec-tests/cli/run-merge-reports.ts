import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { mergeRuns, MergeError, type ReportInput } from '../../../engines/testing/report/merge-runs.js';
import { parseJsonReport, ReportFileError } from '../../../engines/testing/report/read-json-report.js';
import { reportFormatOfFile } from '../../../engines/testing/report/report-format.js';
import { writeReportFile } from '../../../engines/testing/report/write-run-reports.js';
import { styleFor } from '../../../kit/command/terminal-style.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';
import { formatTestSummary, runFails } from './format-test-summary.js';

/**
 * `falcon test merge-reports OUT FILE…`: the JSON reports of a split run's shards as one report,
 * its format by OUT's extension. 0 when merged and no case failed, 1 when some failed (or the
 * shards had warnings they were not told to allow, as `falcon test` exits, or the merged coverage
 * is below `--min-coverage`, else below the shards' own), 2 on bad
 * usage: OUT with no known extension, a FILE that cannot be read or is not a Falcon JSON report,
 * reports that cannot be merged (different specs, the same shard twice), OUT that cannot be written.
 */
export async function runMergeReports(out: string, files: string[], options: { minCoverage?: number } = {}): Promise<number> {
  const format = reportFormatOfFile(out);
  if (!format) return usage(`merge-reports ${out}: the extension says no format; use .json, .md, .html or .xml (JUnit)`);
  const inputs: ReportInput[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(path.resolve(file), 'utf8');
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      return usage(`cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (code ?? message)}`);
    }
    try {
      inputs.push({ file, run: parseJsonReport(text, file) });
    } catch (error) {
      if (error instanceof ReportFileError) return usage(error.message);
      throw error;
    }
  }
  let merged;
  try {
    merged = mergeRuns(inputs);
  } catch (error) {
    if (error instanceof MergeError) return usage(error.message);
    throw error;
  }
  if (options.minCoverage !== undefined) merged.run.minCoverage = options.minCoverage;
  for (const warning of merged.warnings) process.stderr.write(`falcon: warning: ${terminalSafeText(warning)}\n`);
  try {
    await mkdir(path.dirname(path.resolve(out)), { recursive: true });
    await writeReportFile(merged.run, path.resolve(out), format);
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    return usage(code ? `cannot write ${out}: ${code}` : message);
  }
  process.stdout.write(formatTestSummary(merged.run, { written: [out], failed: [] }, styleFor(process.stdout)));
  // As `falcon test` decides: a failed case, warnings the shards' runs were not told to allow, coverage short of the minimum.
  return runFails(merged.run) ? 1 : 0;
}

function usage(message: string): number {
  process.stderr.write(`falcon: ${terminalSafeText(message)}\n`);
  return 2;
}
