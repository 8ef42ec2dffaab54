import type { StepResult } from '../engine/flow-run.js';
import { EARLIER_STEP_FAILED } from '../engine/run-flow.js';
import { stepResultLabel } from '../engine/report/step-result-label.js';
import { formatDuration } from '../../../engines/testing/report/report-text.js';
import type { styleFor } from '../../../kit/command/terminal-style.js';

type Style = ReturnType<typeof styleFor>;

/**
 * What the terminal shows of a step once it has finished: `✓ log in  200  12 ms`; a failed step then
 * its request, each check's expected and actual values, and a curl line. Give it the step masked.
 */
export function flowStepLines(step: StepResult, style: Style): string[] {
  const line = `${mark(step, style)} ${stepResultLabel(step)}  ${outcomeText(step)}  ${formatDuration(step.durationMs)}`;
  if (step.outcome !== 'failed') return [line];
  const details: string[] = [];
  if (step.request) details.push(`${step.request.method} ${step.request.url}`);
  if (step.websocket) details.push(`WebSocket ${step.websocket.url}: ${step.websocket.sent.length} sent, ${step.websocket.received.length} received`);
  if (step.reason !== undefined) details.push(step.reason);
  for (const failure of step.failures) details.push(`${style('red', '✗')} ${failure.check}: expected ${failure.expected}, actual ${failure.actual}`);
  if (step.attempts !== undefined) details.push(`sent ${step.attempts} time${step.attempts === 1 ? '' : 's'}`);
  if (step.curl !== undefined) details.push(...step.curl.split('\n'));
  if (step.serverLog) details.push(...step.serverLog);
  return [line, ...details.map((detail) => `    ${detail}`)];
}

function mark(step: StepResult, style: Style): string {
  if (step.outcome === 'passed') return style('green', '✓');
  if (step.outcome === 'failed') return style('red', '✗');
  return style('dim', '–');
}

function outcomeText(step: StepResult): string {
  if (step.outcome === 'skipped') return step.reason === EARLIER_STEP_FAILED ? 'not run' : `skipped${step.reason ? `: ${step.reason}` : ''}`;
  if (step.kind === 'wait') return 'waited';
  if (step.websocket) return `${step.websocket.matched}/${step.websocket.count} messages`;
  return step.status !== undefined ? String(step.status) : 'no response';
}
