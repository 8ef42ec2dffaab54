// What the reply parser knows of the session's tools: which names a call may use, and which parameter
// a plain-text input fills (LangChain's ReAct `Action Input: some text`).
import { z } from 'zod';
import type { AnyTool } from '../../kit/tool/tool.js';
import { matchToolName, suggestToolNames, type ToolMatch } from './tool-names.js';

export interface ReplyTools {
  /** The tool a call by `name` runs (see tool-names.ts); undefined when none, or more than one, fits. */
  resolve(name: string): ToolMatch | undefined;
  /** The known names a call by an unknown `name` probably meant. */
  suggest(name: string): string[];
  /** The tool's one required string parameter, which a plain-text input fills; undefined when it has no single one. */
  soleStringParameter(tool: string): string | undefined;
}

interface ToolSource {
  /** Every name a call may use. */
  readonly names: ReadonlySet<string>;
  get?(name: string): AnyTool | undefined;
}

interface JsonSchemaObject {
  properties?: Record<string, { type?: unknown }>;
  required?: string[];
}

export function replyToolsOf(source: ToolSource | ReadonlySet<string>): ReplyTools {
  const { names, get } = source instanceof Set ? { names: source as ReadonlySet<string>, get: undefined } : (source as ToolSource);
  const soleString = new Map<string, string | undefined>();
  return {
    resolve: (name) => matchToolName(name, names),
    suggest: (name) => suggestToolNames(name, names),
    soleStringParameter(tool) {
      if (!soleString.has(tool)) soleString.set(tool, requiredStringOf(get?.(tool)));
      return soleString.get(tool);
    },
  };
}

function requiredStringOf(tool: AnyTool | undefined): string | undefined {
  if (!tool) return undefined;
  const schema = z.toJSONSchema(tool.schema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaObject;
  const required = schema.required ?? [];
  const only = required.length === 1 ? required[0] : undefined;
  return only !== undefined && schema.properties?.[only]?.type === 'string' ? only : undefined;
}
