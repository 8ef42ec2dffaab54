import type { PermissionMode } from '../agent/approval/permissions/permission-mode.js';
import type { MainOptions } from './main-options.js';
import { UsageError } from './user-error.js';

/** `--permission-mode`, with `--yes` standing for `yolo`; default `ask`. */
export function chosenPermissionMode(options: MainOptions): PermissionMode {
  const mode = options.permissionMode;
  if (options.yes && mode !== undefined && mode !== 'yolo') {
    throw new UsageError(`--yes means --permission-mode yolo: give one of them, not --yes with --permission-mode ${mode}`);
  }
  return mode ?? (options.yes ? 'yolo' : 'ask');
}
