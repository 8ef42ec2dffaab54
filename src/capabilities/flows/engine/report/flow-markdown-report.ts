import { markdownCode, markdownFence, markdownRow, markdownText } from '../../../../engines/testing/report/markdown-text.js';
import { formatDuration, headerLines, headOfText, readableBody } from '../../../../engines/testing/report/report-text.js';
import type { FlowRun, StepResult } from '../flow-run.js';
import { stepResultLabel } from './step-result-label.js';
import { webSocketLines } from './websocket-step-text.js';

/** Bodies longer than this are cut in Markdown; the JSON report keeps them whole. */
const MARKDOWN_BODY_CHARS = 4000;
/** Each WebSocket message is cut to this in Markdown. */
const MARKDOWN_MESSAGE_CHARS = 500;

const RESULT_MARK: Record<StepResult['outcome'], string> = { passed: '✓ passed', failed: '✗ failed', skipped: '– skipped' };

/**
 * The report a person reads: the run, a row per step (and per row of a `foreach`), then each failure
 * with its expected and actual values, what was sent and received, and a curl line. Mask the run
 * first (mask-flow-run.ts): this writes what it is given.
 */
export function flowMarkdownReport(run: FlowRun): string {
  const count = (outcome: StepResult['outcome']) => run.steps.filter((step) => step.outcome === outcome).length;
  const lines = [
    `# Flow report: ${markdownText(run.name)}`,
    '',
    `- Result: ${run.passed ? 'passed' : 'failed'}`,
    ...(run.file !== undefined ? [`- File: ${markdownCode(run.file)}`] : []),
    `- Started: ${markdownText(run.startedAt)}`,
    `- Duration: ${formatDuration(run.durationMs)}`,
    `- Steps: ${run.steps.length} — ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`,
    '',
    '## Steps',
    '',
    markdownRow(['#', 'Step', 'Result', 'Status', 'Time']),
    markdownRow(['---:', '---', '---', '---:', '---:']),
    ...run.steps.map((step) =>
      markdownRow([
        String(step.index + 1),
        markdownText(stepResultLabel(step)),
        RESULT_MARK[step.outcome],
        step.status !== undefined ? String(step.status) : step.websocket ? `${step.websocket.matched}/${step.websocket.count} messages` : '',
        formatDuration(step.durationMs),
      ]),
    ),
  ];
  const failed = run.steps.filter((step) => step.outcome === 'failed');
  if (failed.length > 0) lines.push('', `## Failed steps (${failed.length})`, ...failed.flatMap(failureSection));
  const skipped = run.steps.filter((step) => step.outcome === 'skipped');
  if (skipped.length > 0) {
    lines.push('', `## Skipped steps (${skipped.length})`, '');
    for (const step of skipped) lines.push(`- ${markdownText(stepResultLabel(step))}: ${markdownText(step.reason ?? 'skipped')}`);
  }
  return `${lines.join('\n')}\n`;
}

function failureSection(step: StepResult): string[] {
  const lines = ['', `### ✗ ${step.index + 1}. ${markdownText(stepResultLabel(step))}`, ''];
  if (step.reason !== undefined) lines.push(`- Reason: ${markdownText(step.reason)}`);
  if (step.attempts !== undefined) lines.push(`- Attempts: ${step.attempts}`);
  if (step.failures.length > 0) {
    lines.push('', markdownRow(['Check', 'Expected', 'Actual']), markdownRow(['---', '---', '---']));
    for (const failure of step.failures) lines.push(markdownRow([markdownCode(failure.check), markdownCode(failure.expected), markdownCode(failure.actual)]));
  }
  if (step.request) {
    const request = [`${step.request.method} ${step.request.url}`, ...headerLines(step.request.headers)];
    if (step.request.body !== undefined && step.request.body !== '') request.push('', readableBody(step.request.body));
    lines.push('', '**Request**', '', ...markdownFence(request.join('\n'), 'http'));
  }
  if (step.response) {
    const body = headOfText(readableBody(step.response.body), MARKDOWN_BODY_CHARS);
    const response = [`HTTP ${step.response.status}`, ...headerLines(step.response.headers), ...(body.text !== '' ? ['', body.text] : [])];
    lines.push('', '**Response**', '', ...markdownFence(response.join('\n'), 'http'), ...(body.note ? ['', markdownText(body.note)] : []));
  }
  if (step.curl !== undefined) lines.push('', '**Reproduce**', '', ...markdownFence(step.curl, 'sh'));
  if (step.websocket) lines.push('', '**WebSocket**', '', ...webSocketSection(step));
  return lines;
}

function webSocketSection(step: StepResult): string[] {
  return markdownFence(webSocketLines(step.websocket!, MARKDOWN_MESSAGE_CHARS).join('\n'), 'text');
}
