import { escapeMarkupText as text } from '../../engines/testing/report/markup-escape.js';
import type { SessionListing } from '../read/project-sessions.js';
import type { Page } from '../../kit/page.js';
import { dateTime, shortened } from '../../kit/page-text.js';

/** Every session of the project, newest first, each with what the user first asked. */
export function sessionsPage(sessions: readonly SessionListing[]): Page {
  if (sessions.length === 0) {
    return {
      title: 'Sessions',
      section: 'sessions',
      main: ['<p>No sessions yet: run <code>falcon</code> or <code>falcon -p "…"</code> in this project and they appear here.</p>'],
    };
  }
  const rows = sessions.map(
    (session) =>
      `<tr><th scope="row"><a href="/sessions/${encodeURIComponent(session.id)}">${text(session.id)}</a></th><td>${dateTime(session.modifiedAt)}</td><td>${session.firstMessage === undefined ? '<span class="muted">no message yet</span>' : text(shortened(session.firstMessage, 160))}</td></tr>`,
  );
  return {
    title: 'Sessions',
    section: 'sessions',
    main: [
      '<div class="table-scroll"><table>',
      `<caption>${sessions.length} session${sessions.length === 1 ? '' : 's'}, the latest change first</caption>`,
      '<thead><tr><th scope="col">Session</th><th scope="col">Last change</th><th scope="col">First message</th></tr></thead>',
      '<tbody>',
      ...rows,
      '</tbody></table></div>',
    ],
  };
}
