import type { AnyTool } from '../../kit/tool/tool.js';
import { type McpConfigs, configuredMcpServers } from './configured-mcp-servers.js';
import type { McpStartContext } from './mcp-server-connection.js';
import { McpServers } from './mcp-servers.js';

export interface StartedMcpServers {
  servers: McpServers;
  tools: AnyTool[];
  /** A line per server left out (an untrusted folder) or that did not start. */
  warnings: string[];
}

/** The MCP servers of the global and the project config, started for a session or for `falcon mcp list`. */
export async function startMcpServers(configs: McpConfigs, context: Omit<McpStartContext, 'projectRoot'>): Promise<StartedMcpServers> {
  const chosen = configuredMcpServers(configs);
  const started = await McpServers.start(chosen.servers, { ...context, projectRoot: configs.projectRoot });
  return { ...started, warnings: [...chosen.warnings, ...started.warnings] };
}
