import { escapeMarkupText as text } from '../../engines/testing/report/markup-escape.js';
import type { Page } from '../../kit/page.js';
import { dateTime, plural } from '../../kit/page-text.js';
import type { AnyReportFace } from '../../kit/report-face.js';
import type { ProjectReports } from '../read/project-reports.js';
import { reportsOfFace, reportTime } from './report-summary.js';

/** The reports of one face's kind, newest first, each linked to its page. */
export function reportListPage(face: AnyReportFace, reports: ProjectReports): Page {
  const { section, path, title } = face;
  const ofKind = reportsOfFace(face, reports);
  const unreadable = reports.reports.filter((report) => !report.readable).length;
  const main: string[] = [];
  if (ofKind.length === 0) {
    main.push(`<p>None yet: ${face.howToRun} writes its report to <code>.falcon/reports/</code>, and a report’s JSON copied there from CI shows too.</p>`);
  } else {
    const rows = ofKind.map((report) => {
      const verdict = face.verdict(report.content);
      return [
        '<tr>',
        `<th scope="row"><a href="${path}/${encodeURIComponent(report.name)}">${text(face.runTitle(report.content))}</a></th>`,
        `<td>${dateTime(reportTime(face, report.content, report.modifiedAt))}</td>`,
        `<td class="${verdict.className}">${text(verdict.text)}</td>`,
        `<td>${text(face.figures(report.content))}</td>`,
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
  if (unreadable > 0)
    main.push(
      `<p class="note" role="note">${plural(unreadable, 'JSON file')} in <code>.falcon/reports/</code> could not be shown: <a href="/#other-files">the overview</a> says why.</p>`,
    );
  return { title, section, main };
}
