import { formatMcpServers } from '../../mcp/client/format-mcp-servers.js';
import { terminalSafeText } from '../../safety/terminal-text.js';
import type { SlashCommand } from './session-slash-command.js';

export const mcpCommand: SlashCommand = {
  name: 'mcp',
  description: 'the MCP servers of this session: their state and tools',
  async run(context) {
    const servers = context.agent.mcpServers;
    const text =
      servers.length === 0
        ? "No MCP servers in this session: add them under mcp_servers in ~/.falcon/config.yaml or .falcon/config.yaml (a project's start only in a trusted folder)."
        : formatMcpServers(servers);
    const running = servers.filter((server) => server.state === 'running').length;
    context.show({ type: 'output', title: `MCP servers (${running} of ${servers.length} running)`, text: terminalSafeText(text), format: 'text' });
  },
};
