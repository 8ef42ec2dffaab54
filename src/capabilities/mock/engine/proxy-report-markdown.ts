import { markdownCode, markdownRow, markdownText } from '../../../engines/testing/report/markdown-text.js';
import type { ProxyReport } from './proxy-report.js';
import { proxyFigures } from './proxy-report-facts.js';

/** The proxy's report as Markdown: what was proxied, then one row per mismatch in the order seen. */
export function proxyReportMarkdown(report: ProxyReport): string {
  const lines = [
    `# Proxy report: ${markdownText(report.spec.title)} ${markdownText(report.spec.version)}`,
    '',
    `- Spec: ${markdownCode(report.spec.source)}`,
    `- Target: ${markdownCode(report.target)}`,
    `- From ${report.startedAt} to ${report.endedAt}`,
    `- ${markdownText(proxyFigures(report))}`,
    '',
  ];
  if (report.mismatches.length === 0) return [...lines, 'Every request and response matched the spec.', ''].join('\n');
  lines.push('| time | request | status | check | mismatch |', '|---|---|---|---|---|');
  for (const mismatch of report.mismatches) {
    lines.push(
      markdownRow([
        mismatch.at,
        `${mismatch.method} ${mismatch.path}`,
        mismatch.status === undefined ? '' : String(mismatch.status),
        mismatch.check,
        mismatch.message,
      ]),
    );
  }
  return [...lines, ''].join('\n');
}
