import type { ModelCategory } from '../../kit/tool/tool.js';

/** A kind of sub-agent: its role, the only tools it may call and the model it runs on. */
export interface SubagentProfile {
  name: string;
  /** One line: what it is for, as the main agent's prompt lists it. */
  description: string;
  /** Its tools, by name: nothing else is in its registry, whatever the approvals. */
  tools: readonly string[];
  /** The category of model it runs on (`models:` in the config); the session's model when absent. */
  model?: ModelCategory;
  /** Its role, the first section of its system prompt. */
  prompt: string;
  /** `built-in`, or the file that defines it, relative to the project. */
  source: string;
}

/** The profiles a session offers, and why any file under `.falcon/agents/` was left out. */
export interface SubagentProfiles {
  profiles: readonly SubagentProfile[];
  problems: readonly string[];
}
