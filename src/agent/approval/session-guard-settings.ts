import { displayPath } from '../../config/falcon-home.js';
import type { LoadedGlobalConfig } from '../../config/load-global-config.js';
import { settingsNeedingTrust } from '../../config/project-trust-settings.js';
import { isTrustedFolder } from '../../config/trusted-folders.js';
import type { HookSettings, ProjectConfig } from '../../config/types.js';
import { mergeHooks } from './hooks/hook-settings.js';
import type { PermissionMode } from './permissions/permission-mode.js';

export interface SessionGuardSettings {
  /** `projectRulesApply`: the folder is trusted, so the project's allow rules (and those "always in this project" saves) apply in its sessions. */
  permissions: { mode: PermissionMode; allow: string[]; deny: string[]; projectRulesApply: boolean };
  hooks: HookSettings;
  /** Which project settings an untrusted folder's session ignores. */
  warnings: string[];
}

/**
 * The rules and hooks a session in this folder runs with: the global config's always; the project's
 * hooks and allow rules only in a trusted folder; its deny rules always, as they only take away.
 */
export function sessionGuardSettings(global: LoadedGlobalConfig, project: ProjectConfig, projectRoot: string, mode: PermissionMode): SessionGuardSettings {
  const trusted = isTrustedFolder(global.config, projectRoot);
  const permissions = {
    mode,
    projectRulesApply: trusted,
    allow: [...(global.config.permissions?.allow ?? []), ...(trusted ? (project.permissions?.allow ?? []) : [])],
    deny: [...(global.config.permissions?.deny ?? []), ...(project.permissions?.deny ?? [])],
  };
  const hooks = mergeHooks(global.config.hooks, trusted ? project.hooks : undefined);
  // MCP servers left out say so themselves; the server's command is asked about before it runs.
  const ignored = trusted ? [] : settingsNeedingTrust(project).filter((setting) => setting.key !== 'mcp_servers' && setting.key !== 'server.command');
  const warnings = ignored.length
    ? [
        `This folder is not trusted, so these settings of .falcon/config.yaml were ignored: ${ignored.map((setting) => `${setting.key} (${setting.value})`).join(', ')}. ` +
          `Trust it when \`falcon\` asks, or add ${projectRoot} to trusted_folders in ${displayPath(global.path)}.`,
      ]
    : [];
  return { permissions, hooks, warnings };
}
