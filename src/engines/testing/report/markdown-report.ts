import { coverageSummary } from '../coverage/coverage-figures.js';
import { type CaseResult, type FollowUp, type TestRun, tallyRun } from '../test-run.js';
import { reproductionText } from './chain-reproduction.js';
import { PART_HEADINGS, partRows, shardLine } from './run-parts.js';
import { markdownCode, markdownFence, markdownRow, markdownText } from './markdown-text.js';
import { markdownCoverage } from './markdown-coverage.js';
import { markdownWarnings } from './markdown-warnings.js';
import { formatDuration, headerLines, headOfText, readableBody, responseSummary, resultsByOutcome } from './report-text.js';

/** Bodies longer than this are cut in Markdown; the JSON and HTML reports keep them whole. */
const MARKDOWN_BODY_CHARS = 4000;
/** The bodies of the requests a case sent after its own (a walk's pages) are cut shorter. */
const FOLLOW_UP_BODY_CHARS = 1000;

/** The report a person reads first: summary, findings by check, each failure with its evidence, then the rest. */
export function markdownReport(run: TestRun): string {
  const tally = tallyRun(run);
  const { failed, skipped, passed } = resultsByOutcome(run.results);
  const lines = [
    `# Test report: ${markdownText(run.title)}`,
    '',
    `- Base URL: ${markdownCode(run.baseUrl)}`,
    `- Started: ${markdownText(run.startedAt)}`,
    `- Duration: ${formatDuration(run.durationMs)}`,
    `- Cases: ${tally.cases} — ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`,
    `- Operations covered: ${run.operations.covered}/${run.operations.total}`,
    ...(run.coverage ? [`- Coverage: ${markdownText(coverageSummary(run.coverage))}`] : []),
    ...(shardLine(run) ? [`- Part: ${shardLine(run)}`] : []),
    `- Checks: ${run.checks.length > 0 ? run.checks.map(markdownCode).join(', ') : 'none'}`,
    ...markdownWarnings(run),
    '',
    '## Findings by check',
    '',
    ...(tally.findingsByKind.length === 0
      ? ['No findings.']
      : [
          markdownRow(['Check', 'Findings']),
          markdownRow(['---', '---:']),
          ...tally.findingsByKind.map(({ kind, count }) => markdownRow([markdownCode(kind), String(count)])),
        ]),
  ];
  const parts = partRows(run);
  if (parts.length > 0) {
    lines.push(
      '',
      `## Merged from ${parts.length} report${parts.length === 1 ? '' : 's'}`,
      '',
      markdownRow(PART_HEADINGS),
      markdownRow(['---', '---', '---', '---:', '---:', '---:']),
    );
    for (const [part, baseUrl, startedAt, ...numbers] of parts) lines.push(markdownRow([part!, markdownCode(baseUrl!), markdownText(startedAt!), ...numbers]));
  }
  lines.push(...markdownCoverage(run));
  if (failed.length > 0) lines.push('', `## Failed cases (${failed.length})`, ...failed.flatMap((result) => failureSection(result, run)));
  if (skipped.length > 0) {
    lines.push('', `## Skipped cases (${skipped.length})`, '');
    for (const result of skipped)
      lines.push(`- ${markdownText(result.case.name)} (${markdownCode(result.case.id)}): ${markdownText(result.skipReason ?? 'not sent')}`);
  }
  if (passed.length > 0) {
    lines.push(
      '',
      `## Passed cases (${passed.length})`,
      '',
      markdownRow(['Case', 'Id', 'Kind', 'Status', 'Time']),
      markdownRow(['---', '---', '---', '---:', '---:']),
    );
    for (const result of passed) {
      const status = result.response ? String(result.response.status) : '';
      lines.push(markdownRow([markdownText(result.case.name), markdownCode(result.case.id), result.case.kind, status, formatDuration(result.durationMs)]));
    }
  }
  return `${lines.join('\n')}\n`;
}

function failureSection(result: CaseResult, run: TestRun): string[] {
  const testCase = result.case;
  const lines = [
    '',
    `### ✗ ${markdownText(testCase.name)}`,
    '',
    `- Id: ${markdownCode(testCase.id)}`,
    `- Kind: ${testCase.kind}${testCase.operationId ? ` — operation ${markdownCode(testCase.operationId)}` : ''}`,
  ];
  if (testCase.mutation) lines.push(`- Mutation: ${markdownText(testCase.mutation)}`);
  lines.push('', '**Findings**', '', ...result.findings.map((finding) => `- ${markdownCode(finding.kind)}: ${markdownText(finding.message)}`));
  if (result.request) {
    const request = result.request;
    lines.push('', '**Request**', '', ...messageBlock([`${request.method} ${request.url}`, ...headerLines(request.headers)], request.body));
  }
  if (result.response) {
    const response = result.response;
    const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    lines.push('', `**Response** — ${markdownText(responseSummary(response))}`, '', ...messageBlock([status, ...headerLines(response.headers)], response.body));
  } else if (result.request) lines.push('', '**Response** — none: the request got no answer');
  if (result.response?.serverLog) lines.push('', "**The server's log**", '', ...markdownFence(result.response.serverLog.join('\n'), 'text'));
  for (const followUp of result.followUps ?? []) lines.push(...followUpSection(followUp));
  if (result.request) lines.push('', '**Reproduce**', '', ...markdownFence(reproductionText(run, result), 'sh'));
  return lines;
}

/** A request the case sent after its own: what was sent and what came back, the body cut shorter than the case's own. */
function followUpSection(followUp: FollowUp): string[] {
  const { request, response } = followUp;
  const answer = response ? markdownText(responseSummary(response)) : 'no answer';
  const lines = ['', `**Then, ${markdownText(followUp.label)}** — ${markdownCode(`${request.method} ${request.url}`)} → ${answer}`];
  if (response)
    lines.push('', ...messageBlock([`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`], response.body, FOLLOW_UP_BODY_CHARS));
  return lines;
}

/** Start line and headers, a blank line, then the body; a long body is cut, with a note below the block. */
function messageBlock(head: string[], body: string | undefined, maxChars = MARKDOWN_BODY_CHARS): string[] {
  if (body === undefined || body === '') return markdownFence(head.join('\n'), 'http');
  const shown = headOfText(readableBody(body), maxChars);
  return [...markdownFence([...head, '', shown.text].join('\n'), 'http'), ...(shown.note ? ['', `_${markdownText(shown.note)}_`] : [])];
}
