import type { HookSettings } from '../../config/types.js';
import type { PermissionSettings } from './permissions/permission-policy.js';

/**
 * What stands around every tool call of a session (docs/ARCHITECTURE.md, "Permissions and hooks"):
 * the permission mode and rules, and the hooks. A sub-agent's calls pass the same guard.
 */
export interface CallGuard {
  permissions: PermissionSettings;
  hooks: HookSettings;
  sessionId: string;
  /**
   * The session's tools that declare themselves its file reader (`Tool.fileReader`): their deny rules
   * govern every tool that reads or lists many files. The session's, so a sub-agent without them is held too.
   */
  fileReaders: readonly string[];
}
