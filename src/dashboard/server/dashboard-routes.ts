import type { Page } from '../../kit/page.js';
import { readSessionServerLog } from '../read/session-server-log.js';
import { messagePage } from '../pages/message-page.js';
import { overviewPage } from '../pages/overview-page.js';
import { reportListPage } from '../pages/report-list-page.js';
import { sessionPage } from '../pages/session-page.js';
import { sessionsPage } from '../pages/sessions-page.js';
import { listProjectReports, readProjectReport } from '../read/project-reports.js';
import { reportFaces } from '../read/report-faces.js';
import { listProjectSessions, sessionFileOf } from '../read/project-sessions.js';
import { readSessionLines } from '../read/session-lines.js';
import { transcriptItem } from '../read/session-record.js';
import { readSessionCheckpoints } from '../read/session-checkpoints-view.js';
import { readSessionUsage } from '../read/session-usage.js';
import { lastRunState } from '../read/session-run-state.js';

/** What a path of the dashboard answers: a page, or the live feed of a session file. */
export type Route = { kind: 'page'; page: Page } | { kind: 'feed'; file: string; from: number };

/** Every page reads the files afresh: a report copied in or a session that moved on shows at the next load. */
export async function routeRequest(url: URL, projectRoot: string, falconHome?: string): Promise<Route> {
  const parts = url.pathname.split('/').filter(Boolean).map(decodePart);
  if (parts.some((part) => part === undefined)) return notFound();
  const [first, second, third, ...rest] = parts as string[];
  if (rest.length > 0) return notFound();
  if (first === undefined) return page(overviewPage(await listProjectSessions(projectRoot), await listProjectReports(projectRoot), await reportFaces()));
  if (first === 'sessions') {
    if (second === undefined) return page(sessionsPage(await listProjectSessions(projectRoot)));
    const file = sessionFileOf(projectRoot, second);
    if (!file) return notFound();
    if (third === 'events') return { kind: 'feed', file, from: byteOffset(url.searchParams.get('from')) };
    if (third !== undefined) return notFound();
    const read = await readSessionLines(file, 0, { fromEnd: true });
    if (!read) return notFound(`There is no session ${second} in .falcon/sessions/.`);
    const items = read.lines.flatMap((line) => transcriptItem(line.text) ?? []);
    const lines = read.lines.map((line) => line.text);
    const checkpoints = falconHome === undefined ? undefined : await readSessionCheckpoints(falconHome, projectRoot, second, lines);
    const serverLog = await readSessionServerLog(projectRoot, second);
    const usage = readSessionUsage(lines);
    return page(sessionPage(second, items, lastRunState(lines), read.offset, read.skipped, { checkpoints, serverLog, usage }));
  }
  const faces = await reportFaces();
  const face = faces.find((candidate) => candidate.path === `/${first}`);
  if (!face || third !== undefined) return notFound();
  if (second === undefined) return page(reportListPage(face, await listProjectReports(projectRoot)));
  const report = await readProjectReport(projectRoot, second);
  if (!report) return notFound(`There is no report ${second} in .falcon/reports/.`);
  if (!report.readable) return page(messagePage(face.section, `${second} cannot be shown`, `No page can show this file of .falcon/reports/: ${report.note}.`));
  // A report is drawn by the face that read it, whichever section's path it was asked under.
  const reader = faces.find((candidate) => candidate.kind === report.content.kind);
  return reader ? page(await reader.page(second, report.content)) : notFound();
}

function page(shown: Page): Route {
  return { kind: 'page', page: shown };
}

function notFound(message = 'The dashboard has no such page.'): Route {
  return page({ ...messagePage('overview', 'Not found', message), status: 404 });
}

function byteOffset(given: string | null): number {
  const offset = Number(given);
  return Number.isSafeInteger(offset) && offset > 0 ? offset : 0;
}

function decodePart(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}
