import { delay } from '../../../delay.js';
import type { WaitStep } from '../../../engines/flow-files/flow-format.js';
import type { FlowContext } from './flow-context.js';
import { durationMs } from './flow-duration.js';
import { checkCondition } from './step-condition.js';
import { stepLabel } from './step-label.js';

/** Waits (cut short only by the signal, which throws), unless its `if` skips it. */
export async function runWaitStep(step: WaitStep, index: number, context: FlowContext): Promise<void> {
  const name = stepLabel(step);
  context.onStepStart?.(index, name);
  const base = { index, name, kind: 'wait' as const, failures: [], extracted: [] };
  const condition = await checkCondition(step.if, context.variables);
  if (!condition.run) {
    context.emit({ ...base, outcome: 'skipped', reason: condition.reason, durationMs: 0 });
    return;
  }
  const started = performance.now();
  await delay(durationMs(step.wait, 'wait'), context.signal);
  context.emit({ ...base, outcome: 'passed', durationMs: Math.round(performance.now() - started) });
}
