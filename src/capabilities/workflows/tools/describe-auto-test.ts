import type { AutoTestResult } from '../engine/auto-test.js';
import type { CaseResult } from '../../../engines/testing/test-run.js';
import { curlLines } from '../../../engines/testing/report/curl-command.js';
import { formatDuration } from '../../../engines/testing/report/report-text.js';

const SHOWN_PASSING = 15;
const SHOWN_FAILING = 8;
const SHOWN_DROPPED = 5;

/** How the scenarios went, passing and failing, numbers first; `saved` says what became of the suite. */
export function describeAutoTest(result: AutoTestResult, saved: string, reports: readonly string[]): string {
  const { run, passing, failing, source } = result;
  const skipped = run.results.filter((item) => item.outcome === 'skipped').length;
  const from =
    source.kind === 'spec'
      ? `generated from the spec's ${source.operation.id}`
      : `written by ${source.model}${source.analysis.handler?.code ? ` from ${source.analysis.handler.code.file}:${source.analysis.handler.code.line}` : ''}`;
  const lines = [
    `auto_test ${result.method} ${result.path}: ${run.results.length} scenario${run.results.length === 1 ? '' : 's'} ${from}, run against ${run.baseUrl} in ${formatDuration(run.durationMs)} — ${passing.length} passed, ${failing.length} failed${skipped > 0 ? `, ${skipped} skipped` : ''}.`,
    saved,
  ];
  if (passing.length > 0) {
    lines.push(
      '',
      'Passed:',
      ...passing.slice(0, SHOWN_PASSING).map((testCase) => `✓ ${testCase.name}${testCase.expectStatus ? ` (${testCase.expectStatus.join('/')})` : ''}`),
    );
    if (passing.length > SHOWN_PASSING) lines.push(`… and ${passing.length - SHOWN_PASSING} more`);
  }
  if (failing.length > 0) {
    lines.push(
      '',
      'Failed (not saved) — a bug in the API, or a scenario that expects the wrong thing:',
      ...failing.slice(0, SHOWN_FAILING).flatMap(describeFailing),
    );
    if (failing.length > SHOWN_FAILING) lines.push(`… and ${failing.length - SHOWN_FAILING} more failed scenarios (see the report)`);
  }
  if (source.kind === 'model' && source.dropped.length > 0) {
    lines.push(
      '',
      `Scenarios of the model left out: ${source.dropped.slice(0, SHOWN_DROPPED).join('; ')}${source.dropped.length > SHOWN_DROPPED ? '; …' : ''}`,
    );
  }
  if (reports.length > 0) lines.push('', `Report: ${reports.join(', ')}`);
  return lines.join('\n');
}

function describeFailing(result: CaseResult): string[] {
  const status = result.response ? ` → ${result.response.status}` : '';
  const lines = [`✗ ${result.case.name}${result.case.expectStatus ? ` (expected ${result.case.expectStatus.join('/')})` : ''}${status}`];
  lines.push(...result.findings.slice(0, 2).map((finding) => `  - ${finding.kind}: ${finding.message}`));
  if (result.request) lines.push(`  reproduce: ${curlLines(result.request).command}`);
  return lines;
}
