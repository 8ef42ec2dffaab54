import type { VariableScope } from '../../../workspace/variable-scope.js';
import { CookieJar } from '../../../engines/http/cookie-jar.js';
import type { BeforeSend, FlowContext } from './flow-context.js';
import { type Flow, isWaitStep, isWebSocketStep } from '../../../engines/flow-files/flow-format.js';
import type { FlowRun, StepResult } from './flow-run.js';
import { maskStepResult } from './mask-step-result.js';
import { runStepRows } from './run-step-rows.js';
import { runWaitStep } from './run-wait-step.js';
import { runWebSocketStep } from './run-websocket-step.js';
import { stepLabel } from './step-label.js';

export interface RunFlowOptions {
  projectRoot: string;
  /** The flow's name, as the run reports it. */
  name: string;
  /** The flow file: `foreach` files are read beside it (beside the project root without one). */
  file?: string;
  /** The session's variables; the flow's `vars` win over them, and its extracted values stay in the flow. */
  variables: VariableScope;
  signal?: AbortSignal;
  onStepStart?(index: number, name: string): void;
  /** Each result as it comes, masked. */
  onStep?(result: StepResult): void;
  /** Asked before each request goes (see BeforeSend); absent, every request goes as the flow says. */
  beforeSend?: BeforeSend;
}

export const EARLIER_STEP_FAILED = 'an earlier step failed';

/**
 * Runs a flow's steps in order. A failing step (a check, an extraction, a request with no answer)
 * stops the flow unless it has `continue_on_failure`; the steps after it are listed as skipped with
 * EARLIER_STEP_FAILED (one result per step, rows unread). The run passes when no step failed.
 * Every result is masked with the variables' secrets; a cancellation is thrown.
 */
export async function runFlow(flow: Flow, options: RunFlowOptions): Promise<FlowRun> {
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const variables = options.variables.withValues(Object.fromEntries(Object.entries(flow.vars ?? {}).map(([name, value]) => [name, String(value)])));
  const steps: StepResult[] = [];
  const context: FlowContext = {
    projectRoot: options.projectRoot,
    ...(options.file !== undefined && { file: options.file }),
    variables,
    cookies: new CookieJar(),
    signal: options.signal ?? new AbortController().signal,
    ...(options.onStepStart && { onStepStart: options.onStepStart }),
    ...(options.beforeSend && { beforeSend: options.beforeSend }),
    emit: (result) => {
      const masked = maskStepResult(result, variables.secrets);
      steps.push(masked);
      options.onStep?.(masked);
    },
  };
  let stopped = false;
  for (const [index, step] of flow.steps.entries()) {
    context.signal.throwIfAborted();
    if (stopped) {
      context.emit({
        index,
        name: stepLabel(step),
        kind: isWaitStep(step) ? 'wait' : isWebSocketStep(step) ? 'websocket' : 'request',
        outcome: 'skipped',
        reason: EARLIER_STEP_FAILED,
        durationMs: 0,
        failures: [],
        extracted: [],
      });
    } else if (isWaitStep(step)) {
      await runWaitStep(step, index, context);
    } else if (isWebSocketStep(step)) {
      stopped = await runWebSocketStep(step, index, context);
    } else {
      stopped = await runStepRows(step, index, context);
    }
  }
  return {
    name: options.name,
    ...(options.file !== undefined && { file: options.file }),
    passed: steps.every((step) => step.outcome !== 'failed'),
    // Later steps may have registered secrets (an extracted token) that earlier responses showed.
    steps: steps.map((step) => maskStepResult(step, variables.secrets)),
    durationMs: Math.round(performance.now() - started),
    startedAt,
  };
}
