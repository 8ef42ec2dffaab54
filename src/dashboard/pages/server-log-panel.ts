import { escapeMarkupText as text } from '../../engines/testing/report/markup-escape.js';
import type { ServerLogLine, SessionServerLog } from '../read/session-server-log.js';

/** The log's end shown whatever else is. */
const TAIL_LINES = 300;
/** Lines shown around each request's lines. */
const CONTEXT_LINES = 2;

/** The id of a line of the log on the page: what the transcript's links point at. */
export function serverLogLineId(number: number): string {
  return `server-log-L${number}`;
}

/**
 * The session's server log beside the transcript: the requests whose lines an observation showed,
 * each a link to its lines, then the lines — those of each request (marked) with a little around
 * them, and the log's end; what lies between is said, not shown.
 */
export function serverLogPanel(log: SessionServerLog): string {
  const marked = new Set(log.excerpts.flatMap((excerpt) => range(excerpt.firstLine, excerpt.lastLine)));
  const shown = new Set([
    ...[...marked].flatMap((number) => range(number - CONTEXT_LINES, number + CONTEXT_LINES)),
    ...range(log.total - TAIL_LINES + 1, log.total),
  ]);
  const items: string[] = [];
  let previous = 0;
  for (const line of log.lines.filter((candidate) => shown.has(candidate.number))) {
    if (line.number > previous + 1) items.push(`<li class="gap">… ${line.number - previous - 1} more line${line.number - previous - 1 === 1 ? '' : 's'}</li>`);
    items.push(logLine(line, marked.has(line.number)));
    previous = line.number;
  }
  const requests = log.excerpts.map(
    (excerpt) =>
      `<li><a href="#${serverLogLineId(excerpt.firstLine)}">${text(`${excerpt.method} ${excerpt.url} → ${excerpt.outcome}`)}</a> <span class="meta">${text(`request ${excerpt.requestId}, lines ${excerpt.firstLine}–${excerpt.lastLine}`)}</span></li>`,
  );
  return [
    '<aside class="server-log" aria-labelledby="server-log-heading">',
    '<h2 id="server-log-heading">The API\'s server log</h2>',
    `<p class="meta">File: <code>${text(log.file)}</code> (${log.total.toLocaleString('en-US')} line${log.total === 1 ? '' : 's'})</p>`,
    ...(requests.length > 0 ? ['<h3>Requests it printed about</h3>', `<ul class="server-log-requests">${requests.join('')}</ul>`] : []),
    log.lines.length === 0 ? '<p>The server printed nothing.</p>' : `<ol class="server-log-lines">${items.join('')}</ol>`,
    '</aside>',
  ].join('');
}

function logLine(line: ServerLogLine, marked: boolean): string {
  return `<li id="${serverLogLineId(line.number)}" value="${line.number}"${marked ? ' class="excerpt"' : ''}><code>${text(line.text)}</code></li>`;
}

function range(first: number, last: number): number[] {
  const numbers: number[] = [];
  for (let number = Math.max(1, first); number <= last; number++) numbers.push(number);
  return numbers;
}
