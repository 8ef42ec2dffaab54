import type { Paint } from '../../../config/paint.js';
import { reproductionLines } from '../../../engines/testing/report/chain-reproduction.js';
import { type CaseResult, type TestRun, tallyRun } from '../../../engines/testing/test-run.js';
import { terminalSafeValue } from '../../../safety/terminal-text.js';
import { formatDuration } from '../../../engines/testing/report/report-text.js';
import { maskText } from '../../../safety/mask-text.js';
import { verdictLine, warningLines } from './format-warnings.js';
import { coverageFigures, coverageSummary, formatPercent, percentSeen } from '../../../engines/testing/coverage/coverage-figures.js';
import { coverageShortfall } from '../../../engines/testing/coverage/min-coverage.js';

const SHOWN_FAILURES = 10;
// A chain's skip reason quotes the finding that stopped it; the report has it whole.
const MAX_REASON_CHARS = 120;

export interface SummaryReports {
  /** Paths as the user reads them: project-relative, or as given. */
  written: string[];
  /** One line for each requested report that could not be written. */
  failed: string[];
  /** Why there is no report in .falcon/reports/, when there is none. */
  note?: string;
}

/**
 * The end of a `falcon test` run on stdout: coverage, the tally, failures by check, the first
 * failures with a curl line to reproduce each, and where the reports are. `run` is already masked;
 * what the spec and the server said is shown terminal-safe.
 */
export function formatTestSummary(tested: TestRun, written: SummaryReports, paint: Paint, interrupted = false): string {
  const run = terminalSafeValue(tested);
  const reports = terminalSafeValue(written);
  const tally = tallyRun(run);
  const lines = [
    paint('bold', `${run.title} · ${run.baseUrl} · ${formatDuration(run.durationMs)}`),
    `Operations: ${run.operations.covered}/${run.operations.total} covered${partsNote(run)}`,
    `Cases: ${tally.cases} — ${paint('green', `${tally.passed} passed`)}, ${tally.failed > 0 ? paint('red', `${tally.failed} failed`) : '0 failed'}, ${tally.skipped} skipped`,
    ...(run.coverage ? [`Coverage: ${coverageSummary(run.coverage)}`] : []),
  ];
  if (tally.findingsByKind.length > 0) {
    const width = Math.max(...tally.findingsByKind.map(({ kind }) => kind.length));
    lines.push('', paint('bold', 'Failures by check:'), ...tally.findingsByKind.map(({ kind, count }) => `  ${kind.padEnd(width)}  ${count}`));
  }
  const failures = run.results.filter((result) => result.outcome === 'failed');
  if (failures.length > 0) {
    lines.push('', paint('bold', failures.length > SHOWN_FAILURES ? `${SHOWN_FAILURES} of the failures:` : 'Failures:'));
    for (const result of shownFailures(failures)) lines.push(...describeFailure(result, run, paint));
    if (failures.length > SHOWN_FAILURES) lines.push(`  … ${failures.length - SHOWN_FAILURES} more in the report`);
  }
  const skipped = skipReasons(run);
  if (skipped.length > 0) lines.push('', paint('bold', 'Skipped:'), ...skipped.map(({ reason, count }) => `  ${count} × ${reason}`));
  lines.push(...warningLines(run, paint));
  lines.push('', paint('bold', 'Reports:'), ...reports.written.map((file) => `  ${file}`));
  if (reports.note) lines.push(`  ${paint('dim', reports.note)}`);
  lines.push(...reports.failed.map((problem) => `  ${paint('red', problem)}`));
  lines.push('');
  if (interrupted) lines.push(paint('yellow', `Interrupted: ${tally.skipped} of ${tally.cases} cases were not run`));
  if (!interrupted || tally.failed > 0) lines.push(verdictLine(run, tally.failed, tally.cases, paint));
  if (!interrupted && run.minCoverage !== undefined) lines.push(minCoverageLine(run, run.minCoverage, paint));
  return `${maskText(lines.join('\n'))}\n`;
}

/** Whether the run fails (exit 1): a case failed, warnings it was not told to allow, or coverage below its --min-coverage. */
export function runFails(run: TestRun): boolean {
  if (run.results.some((result) => result.outcome === 'failed')) return true;
  if (run.warnings?.length && !run.warningsAllowed) return true;
  return run.minCoverage !== undefined && coverageShortfall(run.coverage, run.minCoverage) !== undefined;
}

/** The last line when the run had a --min-coverage: why it falls short, or that it met it. */
function minCoverageLine(run: TestRun, minimum: number, paint: Paint): string {
  const shortfall = coverageShortfall(run.coverage, minimum);
  if (shortfall) return paint('red', `✗ coverage: ${shortfall}: the run fails`);
  const percent = percentSeen(coverageFigures(run.coverage!.operations).responses)!;
  return paint('green', `✓ coverage: ${formatPercent(percent)} of documented responses seen, --min-coverage ${minimum}% met`);
}

/** ` (shard 2/4 of 14 operations)`, ` (merged from 3 reports: shards 1/3, 2/3, 3/3)`, or nothing. */
function partsNote(run: TestRun): string {
  if (run.shard) return ` (shard ${run.shard.index}/${run.shard.count} of ${run.shard.operationsInAllShards} operations)`;
  if (!run.parts || run.parts.length === 0) return '';
  const shards = run.parts.flatMap((part) => (part.shard ? [`${part.shard.index}/${part.shard.count}`] : []));
  const which = shards.length === run.parts.length ? `: shard${shards.length === 1 ? '' : 's'} ${shards.join(', ')}` : '';
  return ` (merged from ${run.parts.length} report${run.parts.length === 1 ? '' : 's'}${which})`;
}

function describeFailure(result: CaseResult, run: TestRun, paint: Paint): string[] {
  const status = result.response ? ` → ${result.response.status}` : '';
  return [
    `  ${paint('red', '✗')} ${result.case.name} ${paint('dim', `[${result.case.id}]`)}${status}`,
    ...result.findings.map((finding) => `      ${finding.kind}: ${finding.message}`),
    ...(result.response?.serverLog ?? []).map((line) => `      ${line}`),
    ...reproductionLines(run, result).map((line) => `      ${paint('dim', line)}`),
  ];
}

/**
 * The failures to show: first one for each operation and kind of finding, so that thirteen
 * rejections missed by one endpoint do not hide a 500 elsewhere; then the rest, in run order.
 */
function shownFailures(failures: CaseResult[]): CaseResult[] {
  const seen = new Set<string>();
  const first = failures.filter((result) => {
    const key = `${result.case.operationId ?? result.case.id} ${result.findings[0]?.kind}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const chosen = new Set([...new Set([...first, ...failures])].slice(0, SHOWN_FAILURES));
  return failures.filter((result) => chosen.has(result));
}

function skipReasons(run: TestRun): Array<{ reason: string; count: number }> {
  const counts = new Map<string, number>();
  for (const result of run.results) {
    if (result.outcome !== 'skipped') continue;
    const whole = result.skipReason ?? 'not sent';
    const reason = whole.length > MAX_REASON_CHARS ? `${whole.slice(0, MAX_REASON_CHARS - 1)}…` : whole;
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return [...counts]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count)
    .slice(0, 5);
}
