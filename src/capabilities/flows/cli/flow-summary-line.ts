import type { StepResult } from '../engine/flow-run.js';
import { EARLIER_STEP_FAILED } from '../engine/run-flow.js';
import { formatDuration } from '../../../engines/testing/report/report-text.js';

/** `checkout: passed, 4 passed, 0 failed in 1.2 s` or `checkout: failed at "log in", 1 passed, 1 failed, 2 not run in 80 ms`. */
export function flowSummaryLine(run: { name: string; steps: StepResult[]; durationMs: number }, interrupted: boolean): string {
  const notRun = run.steps.filter((step) => step.outcome === 'skipped' && step.reason === EARLIER_STEP_FAILED).length;
  const count = (outcome: StepResult['outcome']) => run.steps.filter((step) => step.outcome === outcome).length;
  const firstFailed = run.steps.find((step) => step.outcome === 'failed');
  const verdict = interrupted ? 'interrupted' : firstFailed ? `failed at "${firstFailed.name}"` : 'passed';
  const parts = [`${count('passed')} passed`, `${count('failed')} failed`];
  if (count('skipped') > notRun) parts.push(`${count('skipped') - notRun} skipped`);
  if (notRun > 0) parts.push(`${notRun} not run`);
  return `${run.name}: ${verdict}, ${parts.join(', ')} in ${formatDuration(run.durationMs)}`;
}
