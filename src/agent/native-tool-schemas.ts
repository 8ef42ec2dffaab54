// The tools of a native tool-mode request, as JSON Schema from the same zod schemas validation uses.
import { z } from 'zod';
import type { AnyTool } from '../kit/tool/tool.js';
import type { ChatMessage } from '../llm/chat-message.js';
import type { ToolSchema } from '../llm/chat-model.js';
import { OBSERVATION_PREFIX } from './observation.js';
import { planToolSection } from './outside-tools-budget.js';
import { referencedTools, TOOL_SEARCH_NAME } from './tool-search.js';

const schemas = new WeakMap<AnyTool, ToolSchema>();

export function toolSchemaOf(tool: AnyTool): ToolSchema {
  let schema = schemas.get(tool);
  if (!schema) {
    const { $schema: _dialect, ...parameters } = z.toJSONSchema(tool.schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    const approval = tool.preview ? ` (the user approves ${tool.approvalWhen ?? 'each call'})` : '';
    schema = { name: tool.name, description: `${tool.description}${approval}`, parameters };
    schemas.set(tool, schema);
  }
  return schema;
}

/**
 * What the text protocol's prompt gives in full (core tools, tool_search, MCP tools within their budget),
 * then each deferred tool once the history holds its reference (tool_search returned it, or a checkpoint
 * kept it): the model calls only tools it knows the parameters of, as in text mode.
 */
export function nativeToolsOf(tools: readonly AnyTool[], history: readonly ChatMessage[]): ToolSchema[] {
  const { core, deferred, unnamed } = planToolSection(
    tools,
    tools.some((tool) => tool.name === TOOL_SEARCH_NAME),
  );
  const referenced = new Set(history.filter((message) => message.role === 'user').flatMap((message) => referencedTools(withoutPrefix(message.content))));
  const loaded = [...deferred, ...unnamed].filter((tool) => referenced.has(tool.name));
  return [...core, ...loaded].map(toolSchemaOf);
}

/** An observation's text as its tool returned it, where a reference starts a line. */
function withoutPrefix(content: string): string {
  return content.startsWith(OBSERVATION_PREFIX) ? content.slice(OBSERVATION_PREFIX.length) : content;
}
