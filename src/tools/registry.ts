import { httpRequestTool } from './http-request.js';
import { listFilesTool } from './list-files.js';
import { readFileTool } from './read-file.js';
import { searchCodeTool } from './search-code.js';
import type { AnyTool } from './tool.js';
import { writeFileTool } from './write-file.js';

export interface ToolRegistry {
  get(name: string): AnyTool | undefined;
  /** In the order given, which is the order of the prompt's tool reference. */
  list(): AnyTool[];
  readonly names: ReadonlySet<string>;
}

export function createToolRegistry(tools: readonly AnyTool[]): ToolRegistry {
  const byName = new Map<string, AnyTool>();
  for (const tool of tools) {
    if (byName.has(tool.name)) throw new Error(`two tools are named ${tool.name}`);
    byName.set(tool.name, tool);
  }
  return {
    get: (name) => byName.get(name),
    list: () => [...byName.values()],
    names: new Set(byName.keys()),
  };
}

/** The tools every session gets. */
export function createDefaultTools(): AnyTool[] {
  return [readFileTool, listFilesTool, searchCodeTool, writeFileTool, httpRequestTool];
}
