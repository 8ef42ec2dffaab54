import { z } from 'zod';
import type { AnyTool } from '../../kit/tool/tool.js';

/** How an MCP client lists a tool. */
export interface ToolListing {
  name: string;
  description: string;
  inputSchema: { type: 'object'; [key: string]: unknown };
  annotations: { readOnlyHint: boolean; openWorldHint: boolean };
}

/**
 * A Falcon tool as an MCP client lists it: its JSON Schema generated from its zod schema, as the
 * prompt's tool reference is; hints that it only reads, or reaches servers outside the project.
 */
export function toolListing(tool: AnyTool): ToolListing {
  const schema = z.toJSONSchema(tool.schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete schema.$schema;
  const approval = tool.preview
    ? ` Calls that would ask in a Falcon session (${tool.approvalWhen ?? 'each call'}) are approved by the user through the client first.`
    : '';
  return {
    name: tool.name,
    description: `${tool.description}${approval}`,
    inputSchema: { ...schema, type: 'object' },
    annotations: { readOnlyHint: tool.kind === 'read', openWorldHint: tool.kind === 'network' },
  };
}
