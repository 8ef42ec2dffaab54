import type { FlowRun, StepResult } from '../engine/flow-run.js';
import { formatDuration } from '../../../engines/testing/report/report-text.js';

const MARKS = { passed: '✓', failed: '✗', skipped: '–' } as const;
/** Enough of a failed step's response body to see why it failed. */
const BODY_EXCERPT_CHARS = 300;

/** `✓ 2. log in — 200, 31 ms`; a row of a `foreach` says which, a skipped step why. */
export function describeFlowStep(step: StepResult): string {
  const row = step.row
    ? ` [row ${step.row.index + 1}: ${Object.entries(step.row.values)
        .map(([key, value]) => `${key}=${value}`)
        .join(', ')}]`
    : '';
  const facts = [
    step.status === undefined ? undefined : String(step.status),
    step.websocket ? `${step.websocket.matched}/${step.websocket.count} messages` : undefined,
    step.outcome === 'skipped' ? undefined : formatDuration(step.durationMs),
    step.attempts !== undefined && step.attempts > 1 ? `${step.attempts} attempts` : undefined,
    step.outcome === 'skipped' ? `skipped${step.reason ? `: ${step.reason}` : ''}` : undefined,
  ].filter((fact) => fact !== undefined);
  return `${MARKS[step.outcome]} ${step.index + 1}. ${step.name}${row}${facts.length > 0 ? ` — ${facts.join(', ')}` : ''}`;
}

/** Under a failed step: why, check by check, and the request that got that answer. */
export function describeStepFailure(step: StepResult): string[] {
  if (step.outcome !== 'failed') return [];
  return [
    ...(step.reason ? [step.reason] : []),
    ...step.failures.map((failure) => `${failure.check}: expected ${failure.expected}, actual ${failure.actual}`),
    ...(step.request ? [`${step.request.method} ${step.request.url}`] : []),
    ...(step.websocket ? [`WebSocket ${step.websocket.url}: ${step.websocket.sent.length} sent, ${step.websocket.received.length} received`] : []),
    ...(step.response?.body ? [`response: ${excerpt(step.response.body)}`] : []),
    ...(step.serverLog ?? []),
  ].map((line) => `    ${line}`);
}

/** `PASSED: flow "checkout" — 4 passed, 1 skipped in 1.2 s` or the FAILED line naming the step it stopped at. */
export function describeFlowVerdict(run: FlowRun): string {
  const count = (outcome: StepResult['outcome']) => run.steps.filter((step) => step.outcome === outcome).length;
  const counts = [`${count('passed')} passed`, `${count('failed')} failed`, `${count('skipped')} skipped`].filter((text) => !text.startsWith('0 '));
  const verdict = `${run.passed ? 'PASSED' : 'FAILED'}: flow "${run.name}" — ${counts.join(', ') || 'no steps'} in ${formatDuration(run.durationMs)}`;
  const stopped = run.passed ? undefined : run.steps.find((step) => step.outcome === 'failed');
  return stopped ? `${verdict}; first failure at step ${stopped.index + 1} "${stopped.name}"` : verdict;
}

/** run_flow's observation and /flow's result: the verdict, then each step with its failures. Not masked: the caller masks. */
export function describeFlowRun(run: FlowRun): string {
  const lines = [describeFlowVerdict(run), ...run.steps.flatMap((step) => [describeFlowStep(step), ...describeStepFailure(step)])];
  if (run.file) lines.push('', `Flow file: ${run.file}`);
  return lines.join('\n');
}

function excerpt(body: string): string {
  const oneLine = body.replace(/\s+/g, ' ').trim();
  return oneLine.length > BODY_EXCERPT_CHARS ? `${oneLine.slice(0, BODY_EXCERPT_CHARS)}… (${oneLine.length} chars)` : oneLine;
}
