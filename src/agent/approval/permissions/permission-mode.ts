/** How much is approved without asking: `ask` (each change), `auto-edit` (file edits), `plan` (nothing: read-only), `yolo` (everything). */
export const PERMISSION_MODES = ['ask', 'auto-edit', 'plan', 'yolo'] as const;

export type PermissionMode = (typeof PERMISSION_MODES)[number];

/**
 * The mode after this one on Shift+Tab. `yolo` is in the cycle only for a session started in it: a
 * key press must never be what turns every approval off.
 */
export function nextPermissionMode(mode: PermissionMode, startedIn: PermissionMode): PermissionMode {
  const cycle: readonly PermissionMode[] = startedIn === 'yolo' ? PERMISSION_MODES : ['ask', 'auto-edit', 'plan'];
  return cycle[(cycle.indexOf(mode) + 1) % cycle.length] ?? 'ask';
}
