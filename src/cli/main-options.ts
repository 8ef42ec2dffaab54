import type { PermissionMode } from '../agent/approval/permissions/permission-mode.js';
import type { OutputFormat } from '../headless/output-format.js';

/** The options of `falcon` itself (not of its subcommands). */
export interface MainOptions {
  prompt?: string | true;
  outputFormat: OutputFormat;
  yes?: boolean;
  permissionMode?: PermissionMode;
  continue?: boolean;
  /** An id; `true` (no id given): choose from the project's sessions. */
  resume?: string | true;
  /** `--fork`: with --resume or --continue, a new session from that one. */
  fork?: boolean;
  maxTurns?: number;
  provider?: string;
  model?: string;
  /** `-r <name>`: run this saved request instead of a session. */
  request?: string;
  /** `-e <env>`: with -r, the environment its {{VAR}} resolve from. */
  env?: string;
}
