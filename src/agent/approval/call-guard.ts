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
}
