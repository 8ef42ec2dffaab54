import { curlLines } from '../../../engines/testing/report/curl-command.js';
import { type CaseResult, type RecordedRequest, type TestRun, tallyRun } from '../../../engines/testing/test-run.js';
import { describeRunWarnings } from './describe-run-warnings.js';
import { coverageSummary } from '../../../engines/testing/coverage/coverage-figures.js';
import { formatDuration } from '../../../engines/testing/report/report-text.js';

const SHOWN_FAILURES = 10;

/**
 * The observation for a test run: the tally first, then findings by check, then the first failures
 * with their evidence and a curl line to reproduce each, then where the reports are.
 */
export function describeTestRun(run: TestRun, reports: string[] = []): string {
  const tally = tallyRun(run);
  const lines = [
    `${run.title} against ${run.baseUrl}: ${tally.cases} case${tally.cases === 1 ? '' : 's'} in ${formatDuration(run.durationMs)} — ${tally.passed} passed, ${tally.failed} failed${tally.skipped > 0 ? `, ${tally.skipped} skipped` : ''}; operations covered ${run.operations.covered}/${run.operations.total}.`,
  ];
  if (run.coverage) lines.push(`Coverage: ${coverageSummary(run.coverage)}.`);
  if (tally.findingsByKind.length > 0) lines.push(`Findings: ${tally.findingsByKind.map(({ kind, count }) => `${kind} ${count}`).join(', ')}.`);
  lines.push(...describeRunWarnings(run));
  const failures = run.results.filter((result) => result.outcome === 'failed');
  for (const result of failures.slice(0, SHOWN_FAILURES)) lines.push('', ...describeFailure(result));
  if (failures.length > SHOWN_FAILURES) lines.push('', `… and ${failures.length - SHOWN_FAILURES} more failed cases (see the report).`);
  const skipped = run.results.filter((result) => result.outcome === 'skipped');
  if (skipped.length > 0)
    lines.push(
      '',
      `Skipped: ${skipped
        .slice(0, 3)
        .map((result) => `${result.case.name} (${result.skipReason ?? 'not sent'})`)
        .join('; ')}${skipped.length > 3 ? '; …' : ''}`,
    );
  if (reports.length > 0) lines.push('', `Report: ${reports.join(', ')}`);
  return lines.join('\n');
}

function describeFailure(result: CaseResult): string[] {
  const status = result.response ? ` → ${result.response.status} in ${formatDuration(result.response.durationMs)}` : '';
  return [
    `✗ ${result.case.name} [${result.case.id}]${status}`,
    ...result.findings.map((finding) => `  - ${finding.kind}: ${finding.message}`),
    ...(result.request ? reproduce(result.request) : []),
  ];
}

function reproduce(request: RecordedRequest): string[] {
  const { command, note } = curlLines(request);
  return [...(note ? [`  ${note}`] : []), `  reproduce: ${command}`];
}
