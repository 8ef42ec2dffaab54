import type { FlowRun, StepResult } from '../engine/flow-run.js';
import { stepResultLabel } from '../engine/report/step-result-label.js';
import { webSocketLines } from '../engine/report/websocket-step-text.js';
import { htmlSection } from '../../../engines/perf/report/html-page.js';
import { escapeMarkupText as text } from '../../../engines/testing/report/markup-escape.js';
import { formatDuration, headerLines, readableBody } from '../../../engines/testing/report/report-text.js';
import { FLOW_REPORT_PLACE } from '../flow-report-place.js';
import type { Page } from '../../../kit/page.js';
import { plural } from '../../../kit/page-text.js';

/** Each WebSocket message is cut to this on the page. */
const PAGE_MESSAGE_CHARS = 2000;

const RESULT_MARK: Record<StepResult['outcome'], { text: string; className: string }> = {
  passed: { text: '✓ passed', className: 'pass' },
  failed: { text: '✗ failed', className: 'fail' },
  skipped: { text: '– skipped', className: 'skipped' },
};

/** A flow run step by step: a row per step (and per row of a `foreach`), then each step with what it sent and got, a failed one with its checks and curl line. */
export function flowPage(fileName: string, run: FlowRun): Page {
  const rows = run.steps.map((step, index) => {
    const mark = RESULT_MARK[step.outcome];
    return `<tr><td class="number">${step.index + 1}</td><th scope="row"><a href="#step-${index + 1}">${text(stepResultLabel(step))}</a></th><td class="${mark.className}">${mark.text}</td><td class="number">${step.status ?? (step.websocket ? `${step.websocket.matched}/${step.websocket.count} messages` : '')}</td><td class="number">${text(formatDuration(step.durationMs))}</td></tr>`;
  });
  const verdict = run.passed ? '<span class="pass">✓ passed</span>' : '<span class="fail">✗ failed</span>';
  const facts: Array<[string, string]> = [
    ['Result', verdict],
    ...(run.file !== undefined ? [['File', `<code>${text(run.file)}</code>`] as [string, string]] : []),
    ['Started', text(run.startedAt)],
    ['Took', text(formatDuration(run.durationMs))],
    ['Report', `<code>.falcon/reports/${text(fileName)}</code>`],
  ];
  return {
    title: `${FLOW_REPORT_PLACE.one}: ${run.name}`,
    section: FLOW_REPORT_PLACE.section,
    main: [
      `<p><a href="${FLOW_REPORT_PLACE.path}">All flow runs</a></p>`,
      `<dl class="facts">${facts.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>`,
      '<div class="table-scroll"><table>',
      `<caption>${plural(run.steps.length, 'step')}, in the order they ran</caption>`,
      '<thead><tr><th scope="col" class="number">#</th><th scope="col">Step</th><th scope="col">Result</th><th scope="col" class="number">Status</th><th scope="col" class="number">Time</th></tr></thead>',
      '<tbody>',
      ...rows,
      '</tbody></table></div>',
      ...htmlSection(
        'steps',
        'Step by step',
        run.steps.map((step, index) => stepArticle(step, `step-${index + 1}`)),
      ),
    ],
  };
}

function stepArticle(step: StepResult, id: string): string {
  const mark = RESULT_MARK[step.outcome];
  const parts = [
    `<article class="${step.outcome === 'failed' ? 'failure' : 'card'}" aria-labelledby="${id}">`,
    `<h3 id="${id}" tabindex="-1">${step.index + 1}. ${text(stepResultLabel(step))}: <span class="${mark.className}">${mark.text}</span></h3>`,
  ];
  if (step.reason !== undefined) parts.push(`<p>${text(step.reason)}</p>`);
  if (step.attempts !== undefined) parts.push(`<p>Sent ${plural(step.attempts, 'time')}.</p>`);
  if (step.extracted.length > 0) parts.push(`<p>Set ${step.extracted.map((name) => `<code>${text(name)}</code>`).join(', ')}.</p>`);
  if (step.failures.length > 0) {
    parts.push(
      '<table>',
      '<caption>Checks that did not hold</caption>',
      '<thead><tr><th scope="col">Check</th><th scope="col">Expected</th><th scope="col">Actual</th></tr></thead>',
      '<tbody>',
      ...step.failures.map(
        (failure) =>
          `<tr><th scope="row"><code>${text(failure.check)}</code></th><td><code>${text(failure.expected)}</code></td><td><code>${text(failure.actual)}</code></td></tr>`,
      ),
      '</tbody></table>',
    );
  }
  const exchange: string[] = [];
  if (step.request) {
    const lines = [`${step.request.method} ${step.request.url}`, ...headerLines(step.request.headers)];
    if (step.request.body) lines.push('', readableBody(step.request.body));
    exchange.push('<h4>Request</h4>', `<pre>${text(lines.join('\n'))}</pre>`);
  }
  if (step.response) {
    const lines = [`HTTP ${step.response.status}`, ...headerLines(step.response.headers)];
    if (step.response.body) lines.push('', readableBody(step.response.body));
    exchange.push('<h4>Response</h4>', `<pre>${text(lines.join('\n'))}</pre>`);
  }
  if (step.curl !== undefined) exchange.push('<h4>Reproduce</h4>', `<pre class="curl">${text(step.curl)}</pre>`);
  if (step.websocket) exchange.push('<h4>WebSocket messages</h4>', `<pre>${text(webSocketLines(step.websocket, PAGE_MESSAGE_CHARS).join('\n'))}</pre>`);
  // A failed step shows what it sent and got; a passed one keeps it folded.
  const summary = step.websocket ? 'Messages sent and received' : 'Request and response';
  if (exchange.length > 0) parts.push(...(step.outcome === 'failed' ? exchange : [`<details><summary>${summary}</summary>`, ...exchange, '</details>']));
  parts.push('</article>');
  return parts.join('\n');
}
