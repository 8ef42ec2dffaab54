import { type CaseResult, type FollowUp, type TestRun, tallyRun } from '../test-run.js';
import { reproductionText } from './chain-reproduction.js';
import { PART_HEADINGS, partRows, shardLine } from './run-parts.js';
import { HTML_REPORT_STYLE } from './html-report-style.js';
import { htmlCoverage } from './html-coverage.js';
import { htmlTable } from './html-table.js';
import { htmlWarnings } from './html-warnings.js';
import { escapeMarkupText as html } from './markup-escape.js';
import { formatDuration, headerLines, readableBody, responseSummary, resultsByOutcome } from './report-text.js';

/** Bodies up to this length are shown open; longer ones are folded but whole. */
const OPEN_BODY_CHARS = 2000;

/** One self-contained page: summary first, every failure with its full exchange and a curl line, then the rest. */
export function htmlReport(run: TestRun): string {
  const tally = tallyRun(run);
  const { failed, skipped, passed } = resultsByOutcome(run.results);
  const title = `Test report: ${run.title}`;
  const parts = [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${html(title)}</title>`,
    `<style>${HTML_REPORT_STYLE}</style>`,
    '</head>',
    '<body>',
    `<h1>${html(title)}</h1>`,
    `<p class="meta">Base URL <code>${html(run.baseUrl)}</code> · started ${html(run.startedAt)} · took ${formatDuration(run.durationMs)}</p>`,
    '<p class="tally">',
    `<span>${tally.cases} cases</span>`,
    `<span class="passed">${tally.passed} passed</span>`,
    `<span class="failed">${tally.failed} failed</span>`,
    `<span class="skipped">${tally.skipped} skipped</span>`,
    `<span>operations covered ${run.operations.covered}/${run.operations.total}</span>`,
    '</p>',
    `<p class="meta">Checks: ${run.checks.length > 0 ? run.checks.map((check) => `<code>${html(check)}</code>`).join(' ') : 'none'}</p>`,
    ...htmlWarnings(run),
    '<h2>Findings by check</h2>',
    tally.findingsByKind.length === 0
      ? '<p>No findings.</p>'
      : htmlTable(
          ['Check', 'Findings'],
          tally.findingsByKind.map(({ kind, count }) => [`<code>${html(kind)}</code>`, String(count)]),
          [1],
        ),
  ];
  const shard = shardLine(run);
  if (shard) parts.push(`<p class="meta">This run is ${html(shard)}.</p>`);
  const merged = partRows(run);
  if (merged.length > 0) {
    const rows = merged.map(([part, baseUrl, ...rest]) => [html(part!), `<code>${html(baseUrl!)}</code>`, ...rest.map(html)]);
    parts.push(`<h2>Merged from ${merged.length} report${merged.length === 1 ? '' : 's'}</h2>`, htmlTable(PART_HEADINGS, rows, [3, 4, 5]));
  }
  parts.push(...htmlCoverage(run));
  if (failed.length > 0) parts.push(`<h2>Failed cases (${failed.length})</h2>`, ...failed.map((result) => failureArticle(result, run)));
  if (skipped.length > 0) {
    parts.push(`<h2>Skipped cases (${skipped.length})</h2>`, '<ul>');
    for (const result of skipped)
      parts.push(`<li>${html(result.case.name)} <code>${html(result.case.id)}</code>: ${html(result.skipReason ?? 'not sent')}</li>`);
    parts.push('</ul>');
  }
  if (passed.length > 0) {
    const rows = passed.map((result) => [
      html(result.case.name),
      `<code>${html(result.case.id)}</code>`,
      html(result.case.kind),
      result.response ? String(result.response.status) : '',
      formatDuration(result.durationMs),
    ]);
    parts.push(`<h2>Passed cases (${passed.length})</h2>`, htmlTable(['Case', 'Id', 'Kind', 'Status', 'Time'], rows, [3, 4]));
  }
  parts.push('</body>', '</html>', '');
  return parts.join('\n');
}

function failureArticle(result: CaseResult, run: TestRun): string {
  const testCase = result.case;
  const facts: Array<[string, string]> = [
    ['Id', `<code>${html(testCase.id)}</code>`],
    ['Kind', html(testCase.kind)],
  ];
  if (testCase.operationId) facts.push(['Operation', `<code>${html(testCase.operationId)}</code>`]);
  if (testCase.mutation) facts.push(['Mutation', html(testCase.mutation)]);
  facts.push(['Time', formatDuration(result.durationMs)]);
  const parts = [
    '<article>',
    `<h3>✗ ${html(testCase.name)}</h3>`,
    `<dl>${facts.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>`,
    `<ul class="findings">${result.findings.map((finding) => `<li><code>${html(finding.kind)}</code> ${html(finding.message)}</li>`).join('')}</ul>`,
  ];
  if (result.request) {
    const request = result.request;
    parts.push(
      '<h4>Request</h4>',
      pre([`${request.method} ${request.url}`, ...headerLines(request.headers)].join('\n')),
      ...bodyBlock('Request body', request.body),
    );
  }
  if (result.response) {
    const response = result.response;
    const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    parts.push(
      `<h4>Response — ${html(responseSummary(response))}</h4>`,
      pre([status, ...headerLines(response.headers)].join('\n')),
      ...bodyBlock('Response body', response.body),
    );
  } else if (result.request) parts.push('<h4>Response — none: the request got no answer</h4>');
  if (result.response?.serverLog) parts.push("<h4>The server's log</h4>", pre(result.response.serverLog.join('\n')));
  for (const followUp of result.followUps ?? []) parts.push(...followUpBlock(followUp));
  if (result.request) parts.push('<h4>Reproduce</h4>', `<pre class="curl">${html(reproductionText(run, result))}</pre>`);
  parts.push('</article>');
  return parts.join('\n');
}

/** A request the case sent after its own, and its answer: the request line, the status and the body (folded when long). */
function followUpBlock(followUp: FollowUp): string[] {
  const { request, response } = followUp;
  return [
    `<h4>Then, ${html(followUp.label)} — ${response ? html(responseSummary(response)) : 'no answer'}</h4>`,
    pre(`${request.method} ${request.url}`),
    ...(response ? bodyBlock('Response body', response.body) : []),
  ];
}

function bodyBlock(label: string, body: string | undefined): string[] {
  if (body === undefined || body === '') return [];
  const open = body.length <= OPEN_BODY_CHARS ? ' open' : '';
  return [`<details${open}><summary>${label} (${body.length.toLocaleString('en-US')} characters)</summary>`, pre(readableBody(body)), '</details>'];
}

function pre(content: string): string {
  return `<pre>${html(content)}</pre>`;
}
