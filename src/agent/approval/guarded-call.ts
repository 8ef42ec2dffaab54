import { RETRY_TOOL_NAME } from '../../tools/retry.js';
import type { AnyTool, ToolKind } from '../../tools/tool.js';
import type { HookContext } from './hooks/hook-context.js';
import { mainArgumentTargets } from './permissions/call-target.js';
import type { GuardedCall } from './permissions/permission-policy.js';
import type { CallGuard } from './call-guard.js';
import type { ToolCallDeps } from './tool-call-deps.js';

/** A tool call's tool as the guard sees it; a step a running tool asks about has only a name and a kind. */
export type GuardedTool = Pick<AnyTool, 'name' | 'readOnly'> & { kind: ToolKind | undefined };

/**
 * The call as rules, plan mode and hooks judge it (without a guard, nothing judges its targets).
 * `retry` is judged as the call it repeats: a rule, plan mode or a hook on that tool must not be
 * stepped around by wrapping it.
 */
export async function guardedCallOf(tool: GuardedTool, args: Record<string, unknown>, deps: ToolCallDeps): Promise<GuardedCall> {
  const inner = tool.name === RETRY_TOOL_NAME ? repeatedCall(args, deps) : undefined;
  if (inner) return guardedCallOf(inner.tool, inner.args, deps);
  const call = { tool: tool.name, kind: tool.kind, args, ...(tool.readOnly && { readOnly: tool.readOnly }) };
  if (!deps.guard) return { ...call, targets: [] };
  const { projectRoot, variables } = deps.context;
  const targets = await mainArgumentTargets(tool.name, args, projectRoot, (text) => variables.resolve(text));
  return { ...call, targets };
}

function repeatedCall(args: Record<string, unknown>, deps: ToolCallDeps): { tool: AnyTool; args: Record<string, unknown> } | undefined {
  const tool = typeof args.tool === 'string' ? deps.tools.get(args.tool) : undefined;
  const repeated = args.args;
  if (!tool || tool.name === RETRY_TOOL_NAME || typeof repeated !== 'object' || repeated === null) return undefined;
  return { tool, args: repeated as Record<string, unknown> };
}

export function hookContextOf(guard: CallGuard, deps: ToolCallDeps): HookContext {
  return {
    projectRoot: deps.context.projectRoot,
    sessionId: guard.sessionId,
    secrets: deps.context.secrets,
    signal: deps.signal,
    env: deps.context.commandEnv,
    warn: (message) => deps.emit({ type: 'warning', message }),
  };
}
