import { type AnyTool, type ToolContext, defineTool } from '../../kit/tool/tool.js';
import { NO_TARGET } from '../../kit/tool/tool-target.js';
import type { ArgumentsSchema } from './arguments-schema.js';
import { mcpToolName } from './mcp-tool-name.js';

/** The longest description the prompt gives an MCP tool: some servers ship whole manuals in theirs. */
const MAX_DESCRIPTION = 400;

export interface McpToolSpec {
  server: string;
  /** The tool's name on its server. */
  tool: string;
  description?: string;
  schema: ArgumentsSchema;
  /** The server marks it as changing nothing (`annotations.readOnlyHint`): plan mode may call it. */
  readOnlyHint?: boolean;
  call(args: Record<string, unknown>, ctx: ToolContext): Promise<string>;
}

/**
 * An MCP server's tool as a Falcon tool, `mcp__<server>__<tool>`. Nobody at Falcon knows what it
 * does, so every call is approved first — the preview names the server, the tool and the
 * arguments — unless a permission rule allows it.
 */
export function mcpTool(spec: McpToolSpec): AnyTool {
  const name = mcpToolName(spec.server, spec.tool);
  return defineTool({
    name,
    description: oneLine(spec.description) || `${spec.tool} of the MCP server "${spec.server}"`,
    schema: spec.schema,
    kind: 'exec',
    // Its arguments mean nothing Falcon knows: rules name the tool whole (`mcp__<server>__<tool>`).
    target: NO_TARGET,
    // Servers start only from the user's config or a trusted folder's: their word on a tool is taken.
    readOnly: spec.readOnlyHint === true ? true : () => `is a tool of the MCP server "${spec.server}" that it does not mark read-only`,
    async preview(args) {
      return {
        kind: 'info',
        title: `${spec.tool} on MCP server "${spec.server}" (${name})`,
        details: `arguments: ${JSON.stringify(args, null, 2)}`,
        always: { kind: 'every_call' },
      };
    },
    run: (args, ctx) => spec.call(args, ctx),
  });
}

function oneLine(text: string | undefined): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return line.length <= MAX_DESCRIPTION ? line : `${line.slice(0, MAX_DESCRIPTION - 1)}…`;
}
