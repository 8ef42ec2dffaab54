import type { ProjectConfig } from './types.js';

/** One setting of a project's config that takes effect only in a trusted folder. */
export interface TrustedSetting {
  /** As in the file: `hooks.pre_tool_use`, `permissions.allow`, `mcp_servers`, `server.command`. */
  key: string;
  /** What it runs or allows: the command, the rule, the server. */
  value: string;
}

/**
 * What anyone who can commit to the repository could make Falcon run or approve through
 * `.falcon/config.yaml`: hooks, allow rules, MCP servers, the API's server command. Deny rules only take
 * away, and always apply.
 */
export function settingsNeedingTrust(config: ProjectConfig): TrustedSetting[] {
  const hooks = (key: string, entries: readonly { command: string }[] | undefined) =>
    (entries ?? []).map((entry) => ({ key: `hooks.${key}`, value: entry.command }));
  return [
    ...hooks('pre_tool_use', config.hooks?.preToolUse),
    ...hooks('post_tool_use', config.hooks?.postToolUse),
    ...hooks('session_start', config.hooks?.sessionStart),
    ...(config.permissions?.allow ?? []).map((rule) => ({ key: 'permissions.allow', value: rule })),
    ...Object.entries(config.mcpServers ?? {}).map(([name, server]) => ({
      key: 'mcp_servers',
      value: `${name} (${server.transport === 'stdio' ? [server.command, ...server.args].join(' ') : server.url})`,
    })),
    ...(config.server ? [{ key: 'server.command', value: config.server.command }] : []),
  ];
}
