import { HTML_REPORT_STYLE } from '../../../engines/testing/report/html-report-style.js';
import { escapeMarkupText as text } from '../../../engines/testing/report/markup-escape.js';
import type { ProxyReport } from './proxy-report.js';
import { proxyFigures } from './proxy-report-facts.js';

/** The report's body sections as markup, every text escaped: the dashboard's page and the HTML file share them. */
export function proxyReportSections(report: ProxyReport): string[] {
  const facts = `<p class="meta">Spec <code>${text(report.spec.source)}</code> · target <code>${text(report.target)}</code> · ${text(report.startedAt)} to ${text(report.endedAt)} · ${text(proxyFigures(report))}</p>`;
  if (report.mismatches.length === 0) return [facts, '<p>Every request and response matched the spec.</p>'];
  const rows = report.mismatches.map(
    (mismatch) =>
      `<tr><td>${text(mismatch.at)}</td><td><code>${text(`${mismatch.method} ${mismatch.path}`)}</code></td><td>${mismatch.status ?? ''}</td><td>${text(mismatch.check)}</td><td>${text(mismatch.message)}</td></tr>`,
  );
  return [
    facts,
    '<table><thead><tr><th>time</th><th>request</th><th>status</th><th>check</th><th>mismatch</th></tr></thead>',
    `<tbody>${rows.join('')}</tbody></table>`,
  ];
}

/** The report as a page of its own. */
export function proxyReportHtml(report: ProxyReport): string {
  const title = `Proxy report: ${report.spec.title} ${report.spec.version}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${text(title)}</title><style>${HTML_REPORT_STYLE}</style></head>
<body><h1>${text(title)}</h1>
${proxyReportSections(report).join('\n')}
</body></html>
`;
}
