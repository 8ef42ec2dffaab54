import { MCP_TOOL_PREFIX } from '../../config/mcp-servers-schema.js';

/**
 * `mcp__<server>__<tool>`: the name the model calls an MCP server's tool by. Models write tool
 * names as identifiers, so any other character (MCP allows `-` and `.`) becomes `_`.
 */
export function mcpToolName(server: string, tool: string): string {
  return `${MCP_TOOL_PREFIX}${identifier(server)}__${identifier(tool)}`;
}

function identifier(name: string): string {
  return name.replace(/[^A-Za-z0-9_]/g, '_');
}
