import { MCP_TOOL_PREFIX } from '../config/mcp-servers-schema.js';
import type { AnyTool } from '../kit/tool/tool.js';
import { describeTool, listToolPurposes } from './tool-reference.js';

/**
 * What the tools of MCP servers may take of the system prompt, in characters (about 1,500
 * tokens): however much servers list, the prompt stays small enough for the conversation.
 */
export const OUTSIDE_TOOLS_BUDGET = 6_000;

/** The session's tools as the prompt's tool section shows them. */
export interface ToolSectionPlan {
  /** Described in full. */
  core: AnyTool[];
  /** Listed by name and description; tool_search gives their parameters. */
  deferred: AnyTool[];
  /** MCP tools the prompt does not name: tool_search still finds them. */
  unnamed: AnyTool[];
}

/**
 * Falcon's own tools as they come (core in full, deferred by name), then MCP servers' tools while
 * they fit OUTSIDE_TOOLS_BUDGET: in full when core and they fit, else by name and description, else
 * not named at all. `searchable`: tool_search is among the tools; without it every tool is in full.
 */
export function planToolSection(tools: readonly AnyTool[], searchable: boolean): ToolSectionPlan {
  if (!searchable) return { core: [...tools], deferred: [], unnamed: [] };
  const plan: ToolSectionPlan = { core: [], deferred: [], unnamed: [] };
  let room = OUTSIDE_TOOLS_BUDGET;
  const take = (text: string) => {
    if (text.length + 2 > room) return false;
    room -= text.length + 2;
    return true;
  };
  for (const tool of tools) {
    if (!tool.name.startsWith(MCP_TOOL_PREFIX)) (tool.deferred ? plan.deferred : plan.core).push(tool);
    else if (!tool.deferred && take(describeTool(tool))) plan.core.push(tool);
    else if (take(listToolPurposes([tool]))) plan.deferred.push(tool);
    else plan.unnamed.push(tool);
  }
  return plan;
}
