import type { SecretRegistry } from '../../../../safety/secret-registry.js';
import type { FlowRun } from '../flow-run.js';
import { flowJunitReport } from './flow-junit-report.js';
import { flowMarkdownReport } from './flow-markdown-report.js';
import type { FlowReportFormat } from './flow-report-format.js';
import { maskFlowRun } from './mask-flow-run.js';

/** A report of the run in the format asked for, secrets masked. */
export function renderFlowReport(run: FlowRun, format: FlowReportFormat, secrets?: SecretRegistry): string {
  const masked = maskFlowRun(run, secrets);
  if (format === 'junit') return flowJunitReport(masked);
  if (format === 'json') return `${JSON.stringify(masked, null, 2)}\n`;
  return flowMarkdownReport(masked);
}
