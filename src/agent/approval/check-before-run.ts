import type { CallGuard } from './call-guard.js';
import { hookContextOf } from './guarded-call.js';
import { runPreToolUseHooks } from './hooks/tool-use-hooks.js';
import { type GuardedCall, policyRefusal } from './permissions/permission-policy.js';
import type { ToolCallDeps } from './tool-call-deps.js';

/**
 * The first two steps around a call: the permission policy (deny rules, plan mode), then the
 * pre_tool_use hooks. Returns the refusal the model reads, or undefined to go on.
 */
export async function checkBeforeRun(call: GuardedCall, guard: CallGuard, deps: ToolCallDeps): Promise<string | undefined> {
  return policyRefusal(call, guard.permissions) ?? (await runPreToolUseHooks(guard.hooks, call, hookContextOf(guard, deps)));
}
