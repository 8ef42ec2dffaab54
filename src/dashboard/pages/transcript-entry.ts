import { formatDuration } from '../../engines/testing/report/report-text.js';
import { escapeMarkupText as text } from '../../engines/testing/report/markup-escape.js';
import { markdownHtml } from './markdown-html.js';
import type { PreviewShown, TranscriptItem } from '../read/session-record.js';
import { plural } from '../../kit/page-text.js';
import { serverLogLineId } from './server-log-panel.js';
import { resultLine } from '../../kit/tool/result-facts.js';

/** Longer tool output is folded (and still whole) so that the transcript stays readable. */
const OPEN_OUTPUT_CHARS = 1500;

/**
 * One transcript item as an `<li>`: the page renders the file's items with it, and the live feed
 * sends each appended item through it, so both look the same. Everything in it came from a file
 * and is escaped, control characters made visible; answers are rendered Markdown, sanitised.
 */
export function transcriptEntry(item: TranscriptItem): string {
  switch (item.kind) {
    case 'session':
      return entry('session', `<p>Session <code>${text(item.id)}</code> started ${text(item.createdAt)} in <code>${text(item.cwd)}</code></p>`);
    case 'user':
      return entry('user', heading('You'), paragraph(item.text));
    case 'thought':
      return entry('thought', heading('Thought'), paragraph(item.text));
    case 'tool_call':
      return entry('tool-call', heading(`Tool call: ${item.name}`), `<pre>${text(argumentsText(item.args))}</pre>`);
    case 'confirmation':
      return entry('confirmation', heading(`Asked to approve: ${item.title || item.tool}`), preview(item.preview));
    case 'decision':
      return entry(item.approved ? 'decision' : 'failed', `<p>${item.approved ? '✓ Approved' : '✗ Refused'}</p>`);
    case 'tool_result':
      return entry(
        item.ok ? 'tool-result' : 'failed',
        heading(`${item.ok ? '✓' : '✗'} Result of ${item.name} (${formatDuration(item.durationMs)})`),
        item.details ? `<p class="result-facts">${text(resultLine(item.details))}</p>` : '',
        folded(item.output),
        serverLogLinks(item.output),
      );
    case 'answer':
      return entry('answer', heading('Answer'), markdown(item.text));
    case 'interrupted':
      return entry('note', heading('Interrupted reply'), markdown(item.text));
    case 'error':
      return entry('error', heading('Error'), paragraph(item.message));
    case 'note':
      return entry('note', `<p>${text(item.text)}</p>`);
    case 'run_end':
      return entry('run-end', `<p>Run ended (${text(item.reason)}): ${plural(item.turns, 'turn')}, ${plural(item.toolCalls, 'tool call')}</p>`);
    case 'unreadable':
      return entry('note', '<p>A line of the session file that Falcon cannot read (cut short, or not a record): left out.</p>');
  }
}

/** `Server log (request falcon-3f9a0c12, … of .falcon/sessions/…/server.log, lines 41–43):` as an observation says it. */
const SERVER_LOG_HEADING = /Server log \(request ([\w.-]+)[^\n]*?, lines? (\d+)(?:–(\d+))?\):/g;

/** Links from an observation to the lines of the server's log it quotes, beside the transcript. */
function serverLogLinks(output: string): string {
  const links = [...output.matchAll(SERVER_LOG_HEADING)].map(([, requestId, first, last]) => {
    const lines = last ? `lines ${first}–${last}` : `line ${first}`;
    return `<li><a href="#${serverLogLineId(Number(first))}">${text(`The server's log for request ${requestId} (${lines})`)}</a></li>`;
  });
  return links.length > 0 ? `<ul class="server-log-links">${links.join('')}</ul>` : '';
}

function entry(kind: string, ...content: string[]): string {
  return `<li class="entry entry-${kind}">${content.join('')}</li>`;
}

function heading(title: string): string {
  return `<h3>${text(title)}</h3>`;
}

function paragraph(content: string): string {
  return `<p>${text(content)}</p>`;
}

/** What the model wrote for the user, as the Markdown it is (sanitised: markdown-html.ts). */
function markdown(content: string): string {
  return `<div class="markdown">${markdownHtml(content).trimEnd()}</div>`;
}

function argumentsText(args: unknown): string {
  if (args === undefined) return '(no arguments)';
  return typeof args === 'string' ? args : JSON.stringify(args, null, 2);
}

function folded(output: string): string {
  if (output.length <= OPEN_OUTPUT_CHARS) return `<pre>${text(output)}</pre>`;
  return `<details><summary>Output (${output.length.toLocaleString('en-US')} characters)</summary><pre>${text(output)}</pre></details>`;
}

function preview(shown: PreviewShown): string {
  switch (shown.kind) {
    case 'diff':
      return `<p>Change to <code>${text(shown.path)}</code>:</p><pre class="diff">${shown.diff.split('\n').map(diffLine).join('\n')}</pre>`;
    case 'command':
      return `<p>Run the command:</p><pre>${text(shown.command)}</pre>`;
    case 'info':
      return `${shown.title ? paragraph(shown.title) : ''}${shown.details ? `<pre>${text(shown.details)}</pre>` : ''}`;
  }
}

/** Added and removed lines keep their `+` and `-`, so the colour is never the only sign. */
export function diffLine(line: string): string {
  if (line.startsWith('@@')) return `<span class="hunk">${text(line)}</span>`;
  if (line.startsWith('+') && !line.startsWith('+++')) return `<span class="added">${text(line)}</span>`;
  if (line.startsWith('-') && !line.startsWith('---')) return `<span class="removed">${text(line)}</span>`;
  return text(line);
}
