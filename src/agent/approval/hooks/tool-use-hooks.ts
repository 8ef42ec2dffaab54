import type { HookSettings } from '../../../config/types.js';
import { type HookContext, hookPayload, safeHookText } from './hook-context.js';
import { hooksFor } from './hook-settings.js';
import { describeHookFailure, runHook } from './run-hook.js';

/** Exit code by which a pre_tool_use hook refuses the call. */
const DENY_EXIT_CODE = 2;

export interface HookedCall {
  tool: string;
  args: unknown;
}

/**
 * Runs the pre_tool_use hooks that match the call, in order. Exit 0 lets the call go on; exit 2
 * refuses it, and what the hook wrote to stderr is returned as the observation; any other end is a
 * warning and the call goes on.
 */
export async function runPreToolUseHooks(hooks: HookSettings, call: HookedCall, context: HookContext): Promise<string | undefined> {
  for (const hook of hooksFor(hooks.preToolUse, call.tool)) {
    const outcome = await runHook(hook, hookPayload('pre_tool_use', context, { tool: call.tool, args: call.args }), context);
    if (outcome.exitCode === 0) continue;
    if (outcome.exitCode === DENY_EXIT_CODE) {
      const reason = outcome.stderr ? safeHookText(outcome.stderr, context) : 'it gave no reason';
      return `The ${call.tool} call was blocked by a pre_tool_use hook: ${reason}`;
    }
    context.warn(`pre_tool_use ${safeHookText(describeHookFailure(hook, outcome), context)}; the ${call.tool} call goes on`);
  }
  return undefined;
}

/** Runs the post_tool_use hooks that match the call; returns the observation with what each wrote to stdout appended. */
export async function runPostToolUseHooks(hooks: HookSettings, call: HookedCall, observation: string, context: HookContext): Promise<string> {
  const added: string[] = [];
  for (const hook of hooksFor(hooks.postToolUse, call.tool)) {
    const payload = hookPayload('post_tool_use', context, { tool: call.tool, args: call.args, result: observation });
    const outcome = await runHook(hook, payload, context);
    if (outcome.exitCode !== 0) context.warn(`post_tool_use ${safeHookText(describeHookFailure(hook, outcome), context)}`);
    else if (outcome.stdout) added.push(safeHookText(outcome.stdout, context));
  }
  return [observation, ...added].join('\n\n');
}

/** Runs the session_start hooks, in order; each that fails is a warning. */
export async function runSessionStartHooks(hooks: HookSettings, context: HookContext): Promise<void> {
  for (const hook of hooks.sessionStart) {
    const outcome = await runHook(hook, hookPayload('session_start', context, {}), context);
    if (outcome.exitCode !== 0) context.warn(`session_start ${safeHookText(describeHookFailure(hook, outcome), context)}`);
  }
}
