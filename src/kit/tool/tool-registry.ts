import type { AnyTool } from './tool.js';

export interface ToolRegistry {
  get(name: string): AnyTool | undefined;
  /** In the order given, which is the order of the prompt's tool reference. */
  list(): AnyTool[];
  /** Every name a call may use: the tools' and their aliases. */
  readonly names: ReadonlySet<string>;
}

/** Names models know from the Go original: a call by one runs the tool it names, which the prompt lists once. */
const TOOL_ALIASES: Readonly<Record<string, string>> = { orchestrate_integration: 'run_flow' };

export function createToolRegistry(tools: readonly AnyTool[]): ToolRegistry {
  const byName = new Map<string, AnyTool>();
  for (const tool of tools) {
    if (byName.has(tool.name)) throw new Error(`two tools are named ${tool.name}`);
    byName.set(tool.name, tool);
  }
  const aliasesOf = (name: string) => Object.keys(TOOL_ALIASES).filter((alias) => TOOL_ALIASES[alias] === name && !byName.has(alias));
  // Each alias right after its tool, so that a list of the names reads as the tools' list.
  const lookup = new Map([...byName].flatMap(([name, tool]) => [name, ...aliasesOf(name)].map((key) => [key, tool] as const)));
  return {
    get: (name) => lookup.get(name),
    list: () => [...byName.values()],
    names: new Set(lookup.keys()),
  };
}
