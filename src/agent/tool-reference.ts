import { z } from 'zod';
import type { AnyTool } from '../kit/tool/tool.js';

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  description?: string;
  default?: unknown;
}

/**
 * Full references, generated from the tools' schemas so they cannot drift from what validation
 * accepts: `name — description`, then one line per parameter. Parameters are optional unless marked.
 */
export function describeTools(tools: readonly AnyTool[]): string {
  return tools.map(describeTool).join('\n\n');
}

/** One tool's full reference: what the prompt gives a core tool, and tool_search a deferred one. */
export function describeTool(tool: AnyTool): string {
  const approval = tool.preview ? ` (the user approves ${tool.approvalWhen ?? 'each call'})` : '';
  const schema = z.toJSONSchema(tool.schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const parameters =
    properties.length === 0 ? ['  (no parameters)'] : properties.map(([name, property]) => describeParameter(name, property, required.has(name)));
  return [`${tool.name} — ${tool.description}${approval}`, ...parameters].join('\n');
}

/** `- name — description` per tool: how the prompt lists the deferred tools of MCP servers. */
export function listToolPurposes(tools: readonly AnyTool[]): string {
  return tools.map((tool) => `- ${tool.name} — ${tool.description}`).join('\n');
}

/** `- group: name, name` per group, in the order the tools come: how the prompt lists Falcon's deferred tools. */
export function listToolNamesByGroup(tools: readonly AnyTool[]): string {
  const groups = new Map<string, string[]>();
  for (const tool of tools) {
    const group = tool.group ?? 'other';
    groups.set(group, [...(groups.get(group) ?? []), tool.name]);
  }
  return [...groups].map(([group, names]) => `- ${group}: ${names.join(', ')}`).join('\n');
}

/** The longest parameter description given, as for a tool's (an MCP server's may be a manual). */
const MAX_PARAMETER_DESCRIPTION = 400;

function describeParameter(name: string, property: JsonSchema, required: boolean): string {
  const fallback = property.default === undefined ? '' : `, default ${JSON.stringify(property.default)}`;
  const text = typeof property.description === 'string' ? property.description.replace(/\s+/g, ' ').trim() : '';
  const cut = text.length > MAX_PARAMETER_DESCRIPTION ? `${text.slice(0, MAX_PARAMETER_DESCRIPTION - 1)}…` : text;
  const description = cut ? `: ${cut}` : '';
  return `  - ${name} (${typeName(property)}${required ? ', required' : ''}${fallback})${description}`;
}

function typeName(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return options.map(typeName).join(' | ');
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.type === 'array') return schema.items?.type ? `${typeName(schema.items)}[]` : 'array';
  if (schema.type === 'object' && typeof schema.additionalProperties === 'object' && schema.additionalProperties.type) {
    return `object of ${typeName(schema.additionalProperties)}`;
  }
  return schema.type ?? 'any';
}
