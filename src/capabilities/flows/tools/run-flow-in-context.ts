import type { BeforeSend } from '../engine/flow-context.js';
import type { StepResult } from '../engine/flow-run.js';
import { maskText } from '../../../safety/mask-text.js';
import type { EngineContext } from '../../../kit/tool/engine-context.js';
import { describeFlowRun, describeFlowStep } from './describe-flow-run.js';
import type { FlowToRun } from './flow-to-run.js';

export interface FlowRunHooks {
  /** Judges each step before it is sent (run_flow's guard on steps moved elsewhere); none: all are sent. */
  beforeSend?: BeforeSend;
  /** Each step's result once it has finished, and the line that tells it, masked. */
  onStep(line: string, step: StepResult): void;
}

/**
 * A flow run with a session's context — run_flow's and `/flow`'s one way to the engine: the steps'
 * lines and the whole result as text, the session's secrets masked (by value and shape) wherever
 * the API echoes them. A cancellation or a failed step's error is thrown as the engine throws it.
 */
export async function runFlowInContext({ flow, name, file }: FlowToRun, ctx: EngineContext, hooks: FlowRunHooks): Promise<string> {
  const { runFlow } = await import('../engine/run-flow.js');
  const mask = (text: string) => maskText(text, { secrets: ctx.secrets });
  const run = await runFlow(flow, {
    projectRoot: ctx.projectRoot,
    name,
    file,
    variables: ctx.variables,
    signal: ctx.signal,
    beforeSend: hooks.beforeSend,
    onStep: (step) => hooks.onStep(mask(describeFlowStep(step)), step),
  });
  return mask(describeFlowRun(run));
}
