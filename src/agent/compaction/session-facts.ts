// What a checkpoint must always name, read from the tool calls themselves rather than trusted to a
// summary: files read and changed, requests sent, variables set, tools loaded with tool_search. Each
// tool declares the facts of its calls (`Tool.facts`); this keeps them, newest last.
import type { CallFacts } from '../../kit/tool/call-facts.js';
import type { AnyTool } from '../../kit/tool/tool.js';
import type { ToolStep } from './tool-steps.js';

export type SessionFacts = Required<CallFacts>;

/** The tools a conversation's calls may name: their facts come from their declarations. */
export interface FactTools {
  get(name: string): AnyTool | undefined;
  readonly names: ReadonlySet<string>;
}

/** Older entries give way to newer ones past this many per list. */
const MAX_ENTRIES = 40;
/** Each list's entries once, the newest last; requests as often as they were sent. */
const REPEATED: ReadonlySet<keyof SessionFacts> = new Set(['requests']);

export function noFacts(): SessionFacts {
  return { filesRead: [], filesChanged: [], requests: [], variables: [], toolsLoaded: [] };
}

export function addFacts(facts: SessionFacts, steps: readonly ToolStep[], tools: FactTools): SessionFacts {
  const next: SessionFacts = {
    filesRead: [...facts.filesRead],
    filesChanged: [...facts.filesChanged],
    requests: [...facts.requests],
    variables: [...facts.variables],
    toolsLoaded: [...facts.toolsLoaded],
  };
  for (const step of steps) {
    const declared = tools.get(step.name)?.facts?.({ args: step.args, text: step.observation, ok: step.ok }) ?? {};
    for (const list of Object.keys(next) as (keyof SessionFacts)[]) {
      const entries = list === 'toolsLoaded' ? declared.toolsLoaded?.filter((name) => tools.names.has(name)) : declared[list];
      for (const entry of entries ?? []) note(next[list], entry, { unique: !REPEATED.has(list) });
    }
  }
  return next;
}

function note(list: string[], entry: string, { unique }: { unique: boolean }): void {
  if (unique) {
    const at = list.indexOf(entry);
    if (at >= 0) list.splice(at, 1);
  }
  list.push(entry);
  if (list.length > MAX_ENTRIES) list.splice(0, list.length - MAX_ENTRIES);
}
