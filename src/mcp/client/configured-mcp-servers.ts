import { displayPath } from '../../config/falcon-home.js';
import { isTrustedFolder } from '../../config/trusted-folders.js';
import type { FalconConfig, McpServerSettings, ProjectConfig } from '../../config/types.js';
import type { McpServerSource } from './mcp-server-status.js';

export interface ConfiguredMcpServer {
  name: string;
  source: McpServerSource;
  settings: McpServerSettings;
}

export interface McpServerChoice {
  servers: ConfiguredMcpServer[];
  /** The project's servers left out, in a folder that is not trusted. */
  warnings: string[];
}

export interface McpConfigs {
  global: FalconConfig;
  /** Where the global config is, for the warning that says how to trust a folder. */
  globalPath: string;
  project: ProjectConfig;
  /** Absolute, real path. */
  projectRoot: string;
}

/**
 * The servers a session in this project starts: the global config's always; the project's only in
 * a trusted folder, as anyone can commit a `.falcon/config.yaml` that starts programs or sends
 * secrets from the environment to a URL. A project server takes the place of a global one of its name.
 */
export function configuredMcpServers({ global, globalPath, project, projectRoot }: McpConfigs): McpServerChoice {
  const byName = new Map<string, ConfiguredMcpServer>();
  for (const [name, settings] of Object.entries(global.mcpServers ?? {})) byName.set(name, { name, source: 'global', settings });
  const projectServers = Object.entries(project.mcpServers ?? {});
  if (projectServers.length > 0 && !isTrustedFolder(global, projectRoot)) {
    const names = projectServers.map(([name]) => name).join(', ');
    const warning = `MCP servers of .falcon/config.yaml not started (${names}): this folder is not trusted (trusted_folders in ${displayPath(globalPath)}).`;
    return { servers: [...byName.values()], warnings: [warning] };
  }
  for (const [name, settings] of projectServers) byName.set(name, { name, source: 'project', settings });
  return { servers: [...byName.values()], warnings: [] };
}
