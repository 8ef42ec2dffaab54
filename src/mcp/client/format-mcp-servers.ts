import type { McpServerStatus } from './mcp-server-status.js';

/**
 * The servers as `/mcp` and `falcon mcp list` show them: a line per server (its state, its
 * config, its command or URL), why it failed or stopped, then its tools as the model calls them.
 * The text comes from servers and config files: the caller makes it terminal-safe.
 */
export function formatMcpServers(servers: readonly McpServerStatus[]): string {
  const width = Math.max(0, ...servers.flatMap((server) => server.tools.map((tool) => tool.name.length)));
  return servers
    .map((server) => {
      const tools = server.tools.length;
      const state = server.state === 'running' ? `running, ${tools} tool${tools === 1 ? '' : 's'}` : server.state;
      return [
        `${server.name}: ${state} (${server.source} config: ${server.target})`,
        ...(server.problem ? [`  ${server.problem}`] : []),
        ...server.tools.map((tool) => `  ${tool.name.padEnd(width)}  ${tool.description}`),
      ].join('\n');
    })
    .join('\n\n');
}
