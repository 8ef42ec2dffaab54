import { randomUUID } from 'node:crypto';
import { maskText } from '../../safety/mask-text.js';
import { maskStructured } from '../../safety/mask-structured.js';
import type { ToolResultDetails } from '../../workspace/tool-result-details.js';
import { toolResult } from '../../kit/tool/tool-result.js';
import type { AnyTool, ToolContext } from '../../kit/tool/tool.js';
import { ToolError } from '../../kit/tool/tool.js';
import { describeTool } from '../tool-reference.js';
import { validateToolArgs } from '../../kit/tool/validate-args.js';
import { isAbortError } from '../abort.js';
import { runWithApiServer } from '../api-server-call.js';
import { describeArguments } from '../../kit/tool/call-label.js';
import { allowFurtherStep, approveFurtherStep } from './approve-further-step.js';
import { askApproval } from './ask-approval.js';
import { runCheckpointed } from '../call-checkpoints.js';
import type { CallGuard } from './call-guard.js';
import { guardedCallOf, hookContextOf } from './guarded-call.js';
import { checkBeforeRun } from './check-before-run.js';
import { runPostToolUseHooks } from './hooks/tool-use-hooks.js';
import { readDenyRule, readDenyRules } from './permissions/read-deny.js';
import { truncateObservation } from '../observation.js';
import { unknownToolError } from '../reply/tool-names.js';
import { disabledToolError, disabledToolNote } from '../tool-failure-streaks.js';
import type { ToolCallDeps } from './tool-call-deps.js';

export type ToolCallRequest = { name: string; args: Record<string, unknown> } | { name: string; problem: string };

/** Runs one tool call from the model and returns the observation text. Never throws, except on abort. */
export async function runToolCall(request: ToolCallRequest, deps: ToolCallDeps): Promise<string> {
  const id = randomUUID();
  const { emit } = deps;
  const args = 'args' in request ? request.args : null;
  const tool = deps.tools.get(request.name);
  emit({ type: 'tool_call', id, name: request.name, args, label: callLabel(tool, request.name, args) });
  const started = Date.now();
  const finish = (ok: boolean, text: string, details?: ToolResultDetails): string => {
    const { secrets } = deps.context;
    // Masked before it is cut, so that no secret astride the cut shows in part.
    const output = truncateObservation(maskText(text, { secrets, shapes: false }), deps.observationLimit);
    // Details are only shown, never edited by the model: what looks like a secret goes too.
    const shown = details && maskStructured(details, { secrets });
    emit({ type: 'tool_result', id, name: request.name, ok, output, ...(shown && { details: shown }), durationMs: Date.now() - started });
    return output;
  };
  // A failure of the tool itself (not a refusal, a "no" or its call limit) counts towards disabling it.
  const failed = (tool: string, text: string): string => finish(false, deps.failureStreaks.failed(tool) ? `${text}\n\n${disabledToolNote(tool)}` : text);

  if (!tool) return finish(false, unknownToolError(request.name, deps.tools.names));
  if (deps.failureStreaks.isDisabled(tool.name)) return finish(false, disabledToolError(tool.name));
  if ('problem' in request) {
    return failed(tool.name, `Error: could not read the arguments of ${request.name}: ${request.problem}${referenceOfDeferred(tool)}`);
  }
  const used = deps.callCounts.get(tool.name) ?? 0;
  const limit = deps.callLimit(tool);
  if (used >= limit) {
    return finish(
      false,
      `Error: ${tool.name} has reached its limit of ${limit} calls in this run. ` + 'Use what you have learned so far, or give your Final Answer.',
    );
  }
  const validated = validateToolArgs(tool, request.args);
  if (!validated.ok) {
    return failed(tool.name, `Error: invalid arguments for ${tool.name}: ${validated.problems}${referenceOfDeferred(tool)}`);
  }
  deps.callCounts.set(tool.name, used + 1);

  const { guard } = deps;
  const context: ToolContext = {
    ...deps.context,
    signal: deps.signal,
    progress: (message) => emit({ type: 'tool_progress', id, message }),
    approve: approveFurtherStep(deps),
    allowStep: allowFurtherStep(deps),
    ...readDeniedOf(guard, tool.name, deps.context.projectRoot),
  };
  try {
    // Policy, pre-hook, approval, execute, post-hook (docs/ARCHITECTURE.md, "Permissions and hooks").
    const call = await guardedCallOf(tool, validated.value as Record<string, unknown>, deps);
    const refusal = guard ? await checkBeforeRun(call, guard, deps) : undefined;
    if (refusal) return finish(false, refusal);
    const preview = tool.preview ? await tool.preview(validated.value, context) : undefined;
    const approval = preview ? await askApproval(id, call, preview, deps) : undefined;
    if (approval?.approved === false) return finish(false, approval.observation);
    const { text, details } = toolResult(
      await runCheckpointed(deps.checkpoints, tool, id, emit, () => runWithApiServer(context, preview, () => tool.run(validated.value, context))),
    );
    deps.failureStreaks.succeeded(tool.name);
    return finish(true, guard ? await runPostToolUseHooks(guard.hooks, call, text, hookContextOf(guard, deps)) : text, details);
  } catch (error) {
    if (isAbortError(error, deps.signal)) {
      finish(false, 'Cancelled by the user.');
      throw error;
    }
    return failed(tool.name, `Error: ${describeToolError(error)}`);
  }
}

/** The call's one line, as its tool describes it; a tool that cannot describe these arguments (or none) gets the default. */
function callLabel(tool: AnyTool | undefined, name: string, args: Record<string, unknown> | null): string {
  try {
    if (tool) return tool.describe(args ?? {});
  } catch {
    // Arguments the tool's own description cannot read are shown as written.
  }
  return describeArguments(name, args);
}

/** `ToolContext.readDenied` when deny rules on reading apply to this tool's files. */
function readDeniedOf(guard: CallGuard | undefined, tool: string, projectRoot: string): Pick<ToolContext, 'readDenied'> {
  const rules = guard ? readDenyRules(guard.permissions.deny, tool, guard.fileReaders) : [];
  return rules.length === 0 ? {} : { readDenied: (file) => readDenyRule(rules, file, projectRoot)?.text };
}

/** A deferred tool's parameters are not in the prompt: a call that gets them wrong brings them. */
function referenceOfDeferred(tool: AnyTool): string {
  return tool.deferred ? `\n\nIts parameters:\n${describeTool(tool)}` : '';
}

function describeToolError(error: unknown): string {
  if (error instanceof ToolError) return error.message;
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
