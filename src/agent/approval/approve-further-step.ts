import { randomUUID } from 'node:crypto';
import type { Preview } from '../../tools/preview.js';
import type { ToolKind } from '../../tools/tool.js';
import { askApproval } from './ask-approval.js';
import { type GuardedTool, guardedCallOf } from './guarded-call.js';
import { checkBeforeRun } from './check-before-run.js';
import type { ToolCallDeps } from './tool-call-deps.js';

/**
 * `ToolContext.allowStep`: a further step of a running tool (a redirect's next hop) judged as a call
 * of `tool` with `args` — policy (plan mode by what that tool declares of such a call), pre_tool_use
 * hooks, then approval when there is a preview. A refusal no one was asked about is also a warning
 * the user sees.
 */
export function allowFurtherStep(deps: ToolCallDeps): (tool: string, args: Record<string, unknown>, preview?: Preview) => Promise<string | undefined> {
  return (name, args, preview) => judgeStep({ name, kind: stepKind(name, preview, deps), readOnly: deps.tools.get(name)?.readOnly }, args, preview, deps);
}

/**
 * `ToolContext.approve`: a further step whose arguments are what its preview names (auto_fix's edit).
 * Never read-only: such a step is asked about because it changes something, so plan mode refuses it.
 */
export function approveFurtherStep(deps: ToolCallDeps): (tool: string, preview: Preview) => Promise<boolean> {
  return async (name, preview) => (await judgeStep({ name, kind: stepKind(name, preview, deps) }, argumentsOf(preview), preview, deps)) === undefined;
}

async function judgeStep(tool: GuardedTool, args: Record<string, unknown>, preview: Preview | undefined, deps: ToolCallDeps): Promise<string | undefined> {
  const call = await guardedCallOf(tool, args, deps);
  const refusal = deps.guard ? await checkBeforeRun(call, deps.guard, deps) : undefined;
  if (refusal !== undefined) {
    deps.emit({ type: 'warning', message: refusal });
    return refusal;
  }
  if (!preview) return undefined;
  const approval = await askApproval(randomUUID(), call, preview, deps);
  if (approval.approved) return undefined;
  if (approval.by === 'rule') deps.emit({ type: 'warning', message: approval.observation });
  return approval.observation;
}

/** What the step does decides, not the kind of the tool asking: auto_fix's edit is a write. */
function stepKind(name: string, preview: Preview | undefined, deps: ToolCallDeps): ToolKind | undefined {
  return (preview && kindOfPreview(preview)) ?? deps.tools.get(name)?.kind;
}

/** The arguments a call of the tool would have had, as far as the preview tells them. */
function argumentsOf(preview: Preview): Record<string, unknown> {
  if (preview.kind === 'diff') return { path: preview.path };
  if (preview.kind === 'command') return { command: preview.command };
  return {};
}

function kindOfPreview(preview: Preview): ToolKind | undefined {
  if (preview.kind === 'diff') return 'write';
  if (preview.kind === 'command') return 'exec';
  return undefined;
}
