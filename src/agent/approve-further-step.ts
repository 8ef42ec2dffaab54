import { randomUUID } from 'node:crypto';
import type { Preview } from '../tools/preview.js';
import type { ToolKind } from '../tools/tool.js';
import { askApproval } from './ask-approval.js';
import { guardedCallOf } from './call-guard.js';
import { checkBeforeRun } from './check-before-run.js';
import type { ToolCallDeps } from './run-tool-call.js';

/**
 * `ToolContext.approve`: a running tool (auto_fix's edit) asks for a further step as if it were a
 * call of `tool` — policy, pre_tool_use hooks, then approval — with the main argument its preview
 * names. A refusal is a warning the user sees; the tool learns only that it may not go on.
 */
export function approveFurtherStep(deps: ToolCallDeps): (tool: string, preview: Preview) => Promise<boolean> {
  return async (name, preview) => {
    // What the step does decides, not the kind of the tool asking: auto_fix's edit is a write.
    const kind = kindOfPreview(preview) ?? deps.tools.get(name)?.kind;
    // Never read-only: a step is asked about because it changes something, so plan mode refuses it.
    const call = await guardedCallOf({ name, kind }, argumentsOf(preview), deps);
    const refusal = deps.guard ? await checkBeforeRun(call, deps.guard, deps) : undefined;
    const approval = refusal === undefined ? await askApproval(randomUUID(), call, preview, deps) : undefined;
    const refusedUnasked = refusal ?? (approval?.approved === false && approval.by === 'rule' ? approval.observation : undefined);
    if (refusedUnasked) deps.emit({ type: 'warning', message: refusedUnasked });
    return approval?.approved === true;
  };
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
