import { escapeMarkupText as text } from '../../engines/testing/report/markup-escape.js';
import type { ReportKind } from '../read/parse-report.js';
import type { ProjectReports } from '../read/project-reports.js';
import type { Page } from './page-layout.js';
import { dateTime, plural } from './page-text.js';
import { REPORT_KINDS, reportFigures, reportTime, reportTitle, reportVerdict } from './report-summary.js';

const HOW_TO_RUN: Record<ReportKind, string> = {
  test: '<code>falcon test</code>',
  perf: '<code>falcon perf</code>',
  scan: '<code>falcon scan</code>',
  flow: '<code>falcon flow run</code>',
};

/** The reports of one kind, newest first, each linked to its page. */
export function reportListPage(kind: ReportKind, reports: ProjectReports): Page {
  const { section, path, title } = REPORT_KINDS[kind];
  const ofKind = reports.reports.flatMap((report) => (report.readable && report.content.kind === kind ? [{ ...report, content: report.content }] : []));
  const unreadable = reports.reports.filter((report) => !report.readable).length;
  const main: string[] = [];
  if (ofKind.length === 0) {
    main.push(`<p>None yet: ${HOW_TO_RUN[kind]} writes its report to <code>.falcon/reports/</code>, and a report’s JSON copied there from CI shows too.</p>`);
  } else {
    const rows = ofKind.map((report) => {
      const verdict = reportVerdict(report.content);
      return [
        '<tr>',
        `<th scope="row"><a href="${path}/${encodeURIComponent(report.name)}">${text(reportTitle(report.content))}</a></th>`,
        `<td>${dateTime(reportTime(report.content, report.modifiedAt))}</td>`,
        `<td class="${verdict.className}">${text(verdict.text)}</td>`,
        `<td>${text(reportFigures(report.content))}</td>`,
        `<td><code>${text(report.name)}</code></td>`,
        '</tr>',
      ].join('');
    });
    main.push(
      '<div class="table-scroll"><table>',
      `<caption>${plural(ofKind.length, 'report')}, the newest first</caption>`,
      '<thead><tr><th scope="col">Run</th><th scope="col">When</th><th scope="col">Result</th><th scope="col">Figures</th><th scope="col">File</th></tr></thead>',
      '<tbody>',
      ...rows,
      '</tbody></table></div>',
    );
  }
  if (unreadable > 0) main.push(`<p class="note" role="note">${plural(unreadable, 'JSON file')} in <code>.falcon/reports/</code> could not be shown: <a href="/#other-files">the overview</a> says why.</p>`);
  return { title, section, main };
}
