import { z } from 'zod';
import type { HookCommand, HookSettings } from './types.js';

/** Long enough for a linter or a test run; a hook that needs more belongs in a task. */
const MAX_HOOK_TIMEOUT_S = 3600;

const command = z.string().trim().min(1);
const timeoutS = z
  .int()
  .min(1)
  .max(MAX_HOOK_TIMEOUT_S, { error: (issue) => `expected ${MAX_HOOK_TIMEOUT_S} or less, got ${String(issue.input)}` })
  .nullish();
const matcher = z.string().min(1).refine(isRegularExpression, { error: 'expected a regular expression matching tool names, e.g. "bash|write_file"' }).nullish();

const toolHook = z.strictObject({ matcher, command, timeout_s: timeoutS });
const sessionHook = z.strictObject({ command, timeout_s: timeoutS });

/** `hooks:` in either config file. */
export const hooksSchema = z.strictObject({
  pre_tool_use: z.array(toolHook).nullish(),
  post_tool_use: z.array(toolHook).nullish(),
  session_start: z.array(sessionHook).nullish(),
});

type HookEntry = { matcher?: string | null; command: string; timeout_s?: number | null };

export function toHookSettings(data: z.output<typeof hooksSchema> | null | undefined): HookSettings | undefined {
  if (!data) return undefined;
  return {
    preToolUse: (data.pre_tool_use ?? []).map(toHookCommand),
    postToolUse: (data.post_tool_use ?? []).map(toHookCommand),
    sessionStart: (data.session_start ?? []).map(toHookCommand),
  };
}

function toHookCommand(entry: HookEntry): HookCommand {
  return {
    command: entry.command,
    ...(entry.matcher && { matcher: entry.matcher }),
    ...(entry.timeout_s && { timeoutS: entry.timeout_s }),
  };
}

function isRegularExpression(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}
