import type { PerfResult } from '../../../engines/perf/perf-result.js';
import { perfSummaryLines } from '../../../engines/perf/report/perf-summary.js';

/** The run's figures as `falcon perf` prints them, then where the report is. */
export function describePerfRun(result: PerfResult, reportPath: string): string {
  const lines = perfSummaryLines(result);
  if (result.interrupted) lines.push('Stopped before its end (cancelled): the figures cover only the part that ran.');
  lines.push(`Report: ${reportPath}`);
  return lines.join('\n');
}
