import { formatCount, formatFigure } from '../../engines/perf/report/perf-report-text.js';
import { MOST_SEVERE_FIRST, tallySeverities } from '../../engines/security/report/findings-by-severity.js';
import { tallyRun } from '../../engines/testing/test-run.js';
import type { ReportContent, ReportKind } from '../read/parse-report.js';
import type { SectionId } from './page-layout.js';
import { plural } from './page-text.js';

/** Where each kind of report is listed and shown. */
export const REPORT_KINDS: Record<ReportKind, { section: SectionId; path: string; title: string; one: string }> = {
  test: { section: 'tests', path: '/tests', title: 'Test runs', one: 'Test run' },
  perf: { section: 'load', path: '/load', title: 'Load runs', one: 'Load run' },
  scan: { section: 'security', path: '/security', title: 'Security scans', one: 'Security scan' },
  flow: { section: 'flows', path: '/flows', title: 'Flow runs', one: 'Flow run' },
};

/** What the run was about: the API's title, the load's target, the scanned spec, the flow's name. */
export function reportTitle(content: ReportContent): string {
  switch (content.kind) {
    case 'test':
      return content.run.title;
    case 'perf':
      return content.result.target;
    case 'scan':
      return `${content.result.spec} at ${content.result.target}`;
    case 'flow':
      return content.run.name;
  }
}

/** The verdict in a word or two, with a mark besides the colour. */
export function reportVerdict(content: ReportContent): { text: string; className: 'pass' | 'fail' } {
  const verdict = (passed: boolean, failed: string) => (passed ? { text: '✓ passed', className: 'pass' as const } : { text: `✗ ${failed}`, className: 'fail' as const });
  switch (content.kind) {
    case 'test':
      return verdict(tallyRun(content.run).failed === 0, 'failed');
    case 'perf':
      return verdict(content.result.thresholds.every((threshold) => threshold.ok), 'a threshold broke');
    case 'scan':
      return verdict(content.result.findings.length === 0, plural(content.result.findings.length, 'finding'));
    case 'flow':
      return verdict(content.run.passed, 'failed');
  }
}

/** The figures of a run on one line. */
export function reportFigures(content: ReportContent): string {
  switch (content.kind) {
    case 'test': {
      const tally = tallyRun(content.run);
      return `${plural(tally.cases, 'case')}: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`;
    }
    case 'perf': {
      const { result } = content;
      return `${formatCount(result.requests.total)} requests, ${formatFigure(result.rps)} req/s, p95 ${formatFigure(result.latency_ms.p95)} ms`;
    }
    case 'scan': {
      const tally = tallySeverities(content.result.findings);
      return `${plural(content.result.checks.length, 'check')}, ${plural(content.result.requests, 'request')}; ${MOST_SEVERE_FIRST.map((severity) => `${severity} ${tally[severity]}`).join(' · ')}`;
    }
    case 'flow': {
      const steps = content.run.steps;
      return `${plural(steps.length, 'step')}: ${steps.filter((step) => step.outcome === 'passed').length} passed, ${steps.filter((step) => step.outcome === 'failed').length} failed`;
    }
  }
}

/** When the run started, when the report says; else when its file was written. */
export function reportTime(content: ReportContent, modifiedAt: Date): Date {
  const started = content.kind === 'test' || content.kind === 'flow' ? new Date(content.run.startedAt) : undefined;
  return started && !Number.isNaN(started.getTime()) ? started : modifiedAt;
}
