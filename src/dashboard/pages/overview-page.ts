import { escapeMarkupText as text } from '../../engines/testing/report/markup-escape.js';
import type { Page } from '../../kit/page.js';
import { dateTime, plural, shortened } from '../../kit/page-text.js';
import type { AnyReportFace } from '../../kit/report-face.js';
import type { ProjectReports } from '../read/project-reports.js';
import type { SessionListing } from '../read/project-sessions.js';
import { reportsOfFace, reportTime } from './report-summary.js';

/**
 * A card per section (sessions, then each report face in its order) with its count and latest item,
 * then every file of .falcon/reports/ that no page shows, and why.
 */
export function overviewPage(sessions: readonly SessionListing[], reports: ProjectReports, faces: readonly AnyReportFace[]): Page {
  const latestSession = sessions[0];
  const cards = [
    card(
      '/sessions',
      'Sessions',
      plural(sessions.length, 'session'),
      latestSession &&
        `<a href="/sessions/${encodeURIComponent(latestSession.id)}">${text(shortened(latestSession.firstMessage ?? latestSession.id, 80))}</a>, ${dateTime(latestSession.modifiedAt)}`,
    ),
    ...faces.map((face) => {
      const ofKind = reportsOfFace(face, reports);
      const latest = ofKind[0];
      const { path, title } = face;
      if (!latest) return card(path, title, 'none yet');
      const verdict = face.verdict(latest.content);
      const link = `<a href="${path}/${encodeURIComponent(latest.name)}">${text(shortened(face.runTitle(latest.content), 80))}</a>`;
      return card(
        path,
        title,
        plural(ofKind.length, 'report'),
        `${link}, ${dateTime(reportTime(face, latest.content, latest.modifiedAt))}: <span class="${verdict.className}">${text(verdict.text)}</span>`,
      );
    }),
  ];
  return { title: 'Overview', section: 'overview', main: ['<ul class="cards">', ...cards, '</ul>', ...otherFiles(reports)] };
}

function card(path: string, title: string, count: string, latest?: string): string {
  return `<li><h2><a href="${path}">${text(title)}</a></h2><p>${text(count)}</p>${latest ? `<p>Latest: ${latest}</p>` : ''}</li>`;
}

function otherFiles(reports: ProjectReports): string[] {
  const files = [...reports.reports.flatMap((report) => (report.readable ? [] : [{ name: report.name, note: report.note }])), ...reports.others];
  if (files.length === 0) return [];
  return [
    '<section aria-labelledby="other-files">',
    '<h2 id="other-files">Files in .falcon/reports/ not shown</h2>',
    '<div class="table-scroll"><table>',
    `<caption>${plural(files.length, 'file')} no page shows, and why</caption>`,
    '<thead><tr><th scope="col">File</th><th scope="col">Why</th></tr></thead>',
    '<tbody>',
    ...files.map((file) => `<tr><th scope="row"><code>${text(file.name)}</code></th><td>${text(file.note)}</td></tr>`),
    '</tbody></table></div>',
    '</section>',
  ];
}
