// The sub-agents as the subagent tool sees them (ToolContext.subagents). The agent layer implements
// them (agent/subagents/): each run is a conversation of its own, with its own prompt, tools and model.

export interface SubagentTask {
  /** The profile to run. */
  agent: string;
  /** Everything it needs to know: it sees nothing of the conversation that started it. */
  task: string;
}

/** How one run ended. */
export interface SubagentOutcome {
  /** `scout#1`: its profile and its number in the session, as its events and the TUI name it. */
  label: string;
  ok: boolean;
  /** Its answer; or why it stopped, with what it said last. */
  text: string;
}

export interface SubagentRunOptions {
  /** Runs as a background task: its events are marked so, and each step it takes is also told here. */
  background?: { step(line: string): void };
}

export interface Subagents {
  /** Why no sub-agent may start from here (nesting is as deep as allowed); undefined when one may. */
  readonly refusal?: string;
  /** Throws a ToolError naming the profiles there are when there is none of that name. */
  check(agent: string): void;
  /** Runs one sub-agent to its end. Throws only when `signal` aborts, or as `check` does. */
  run(task: SubagentTask, signal: AbortSignal, options?: SubagentRunOptions): Promise<SubagentOutcome>;
}
