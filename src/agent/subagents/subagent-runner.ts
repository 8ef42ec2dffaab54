import type { SubagentOutcome, SubagentRunOptions, Subagents, SubagentTask } from '../../kit/tool/subagents.js';
import { ToolError } from '../../kit/tool/tool.js';
import type { LoopOptions } from '../run-loop.js';
import { runSubagent, type SubagentEnvironment } from './run-subagent.js';
import type { SubagentProfile, SubagentProfiles } from './subagent-profile.js';

/** The main agent's sub-agents are at depth 1; theirs at depth 2, which may start none. */
export const MAX_SUBAGENT_DEPTH = 2;

/** The sub-agents one loop may start (ToolContext.subagents): at `depth`, inheriting from `parent`. */
export class SubagentRunner implements Subagents {
  constructor(
    private readonly environment: SubagentEnvironment,
    private readonly offered: SubagentProfiles,
    private readonly parent: LoopOptions,
    private readonly depth: number,
  ) {}

  get refusal(): string | undefined {
    if (this.depth <= MAX_SUBAGENT_DEPTH) return undefined;
    return (
      `Sub-agents nest at most ${MAX_SUBAGENT_DEPTH} deep, and this one is at depth ${this.depth - 1}: it cannot start ` +
      'another. Do the task with your own tools, or say in your Final Answer what is left to do.'
    );
  }

  check(agent: string): void {
    this.profile(agent);
  }

  run({ agent, task }: SubagentTask, signal: AbortSignal, options: SubagentRunOptions = {}): Promise<SubagentOutcome> {
    const refusal = this.refusal;
    if (refusal) throw new ToolError(refusal);
    return runSubagent(this.environment, {
      profile: this.profile(agent),
      task,
      parent: this.parent,
      signal,
      options,
      nest: (loop) => new SubagentRunner(this.environment, this.offered, loop, this.depth + 1),
    });
  }

  private profile(name: string): SubagentProfile {
    const profile = this.offered.profiles.find((candidate) => candidate.name === name);
    if (profile) return profile;
    const offered = this.offered.profiles.map((candidate) => `${candidate.name} (${candidate.description})`).join('; ');
    const problems = this.offered.problems.length ? `\nProfiles left out: ${this.offered.problems.join('; ')}` : '';
    throw new ToolError(`No sub-agent profile is named "${name}". The profiles: ${offered}.${problems}`);
  }
}
