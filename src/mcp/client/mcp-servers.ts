import type { AnyTool } from '../../kit/tool/tool.js';
import type { ConfiguredMcpServer } from './configured-mcp-servers.js';
import type { McpServerConnection, McpStartContext } from './mcp-server-connection.js';
import type { McpServerStatus } from './mcp-server-status.js';

/** More MCP tools than this are listed by name only, their parameters behind tool_search. */
export const MAX_CORE_MCP_TOOLS = 8;

/** The MCP servers of one session: what `/mcp` lists, and what ends with the session. */
export class McpServers {
  private constructor(private readonly connections: readonly McpServerConnection[]) {}

  /** No servers: nothing to start, list or close. */
  static readonly none = new McpServers([]);

  /**
   * Starts every server at once, each within its own timeout. Resolves when each has started or
   * failed, with the tools of those that started (deferred when there are many) and a one-line
   * warning naming each that did not. Never rejects: a session goes on without a broken server.
   */
  static async start(
    servers: readonly ConfiguredMcpServer[],
    context: McpStartContext,
  ): Promise<{ servers: McpServers; tools: AnyTool[]; warnings: string[] }> {
    if (servers.length === 0) return { servers: McpServers.none, tools: [], warnings: [] };
    const { McpServerConnection } = await import('./mcp-server-connection.js');
    const connections = servers.map((server) => new McpServerConnection(server.name, server.source, server.settings));
    const started = await Promise.allSettled(connections.map((connection) => connection.start(context)));
    const warnings: string[] = [];
    const byName = new Map<string, AnyTool>();
    started.forEach((outcome, index) => {
      const connection = connections[index]!;
      const { name } = connection;
      if (outcome.status === 'rejected') {
        warnings.push(`MCP server "${name}" did not start: ${(outcome.reason as Error).message}`);
        return;
      }
      const { problem } = connection.status();
      if (problem) warnings.push(`MCP server "${name}": ${problem}`);
      for (const tool of outcome.value) {
        if (byName.has(tool.name)) warnings.push(`MCP server "${name}": ${tool.name} is the name of another server's tool; left out`);
        else byName.set(tool.name, tool);
      }
    });
    const tools = [...byName.values()];
    const deferred = tools.length > MAX_CORE_MCP_TOOLS;
    return { servers: new McpServers(connections), tools: deferred ? tools.map((tool) => ({ ...tool, deferred: true })) : tools, warnings };
  }

  list(): McpServerStatus[] {
    return this.connections.map((connection) => connection.status());
  }

  /** Stops them all: stdio servers and every process they started end. */
  async close(): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection.close()));
  }
}
