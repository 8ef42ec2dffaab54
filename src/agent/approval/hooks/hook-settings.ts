import type { HookCommand, HookSettings } from '../../../config/types.js';

export const NO_HOOKS: HookSettings = { preToolUse: [], postToolUse: [], sessionStart: [] };

/** The global config's hooks, then the project's: both run, in that order. */
export function mergeHooks(...sets: readonly (HookSettings | undefined)[]): HookSettings {
  const present = sets.filter((set): set is HookSettings => set !== undefined);
  return {
    preToolUse: present.flatMap((set) => set.preToolUse),
    postToolUse: present.flatMap((set) => set.postToolUse),
    sessionStart: present.flatMap((set) => set.sessionStart),
  };
}

/** The hooks whose matcher matches the whole tool name (`bash|write_file` does not match `bash_extra`); no matcher: every tool. */
export function hooksFor(hooks: readonly HookCommand[], tool: string): HookCommand[] {
  return hooks.filter((hook) => hook.matcher === undefined || new RegExp(`^(?:${hook.matcher})$`).test(tool));
}
