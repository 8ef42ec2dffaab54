import type { HookSettings, ModelRoutes } from '../config/types.js';
import type { PriceOf } from '../llm/pricing/model-price.js';
import type { ManagedServer } from '../engines/api-server/managed-server.js';
import type { SessionCheckpoints } from '../engines/checkpoints/session-checkpoints.js';
import type { McpServers } from '../mcp/client/mcp-servers.js';
import type { SecretRegistry } from '../safety/secret-registry.js';
import type { AnyTool } from '../kit/tool/tool.js';
import type { SessionStore } from '../workspace/session-store.js';
import type { VariableScope } from '../workspace/variable-scope.js';
import type { PermissionMode } from './approval/permissions/permission-mode.js';
import type { ToolLookup } from './approval/tool-call-deps.js';
import type { AgentEvent } from './events.js';
import type { LoopLimits } from './run-loop.js';
import type { CreateModel, ModelChoice } from './session-models.js';
import type { SubagentProfile, SubagentProfiles } from './subagents/subagent-profile.js';

/** What one conversation is made of, as `open-agent.ts` gathers it from the config files and the project. */
export interface AgentOptions {
  projectRoot: string;
  /** Falcon's own folder, for the tools that keep facts across projects. */
  falconHome: string;
  tools: ToolLookup;
  systemPrompt: string;
  /** The system prompt for a model in native tool mode (`tool_protocol`); absent: every model gets the text protocol. */
  nativeSystemPrompt?: string;
  session: SessionStore<AgentEvent>;
  variables: VariableScope;
  /**
   * The conversation's secrets (the registry `variables` registers in): masked in every event, every
   * message of the history and the answer, so no front end, session file or model sees them.
   */
  secrets: SecretRegistry;
  /** Builds the model for a choice; retry and provider-switch events go to `emit`. */
  createModel: CreateModel;
  /** What a provider's model costs (the config's `pricing:`, the price table); without, costs are unknown. */
  priceOf?: PriceOf;
  modelChoice?: ModelChoice;
  limits: LoopLimits;
  /** The project's `tool_limits`; tools not named keep their own default. */
  toolLimits?: Record<string, number>;
  /** The session's MCP servers (their tools are among `tools`): listed by `/mcp`, closed by dispose. */
  mcpServers?: McpServers;
  /** `models:` of both config files: the model each category of work runs on. */
  modelRoutes?: ModelRoutes;
  /** The sub-agents the subagent tool may start; none without. */
  subagents?: SubagentSetup;
  /**
   * The mode the session starts in (default `ask`) and the rules that apply (those of an untrusted
   * folder's allow list left out: `projectRulesApply` false, and rules saved by "always in this project"
   * then apply to this session only, which the user is told).
   */
  permissions?: { mode: PermissionMode; allow: readonly string[]; deny: readonly string[]; projectRulesApply?: boolean };
  /** The hooks that run around tool calls (session_start hooks have run when the agent is made). */
  hooks?: HookSettings;
  /** The API's server (`server:` of the project's config): its tool, its log, stopped by dispose. */
  apiServer?: ManagedServer;
  /** The folder is in `trusted_folders` (default: not): see ToolContext.trustedProject. */
  trustedProject?: boolean;
  /** What a trusted project's `.env` adds to the environment of the commands tools and hooks run. */
  commandEnv?: Readonly<Record<string, string>>;
  /** The project's files recorded around each call that may change them; absent when checkpoints are off. */
  checkpoints?: SessionCheckpoints;
}

export interface SubagentSetup {
  profiles: SubagentProfiles;
  /** A profile's system prompt, for the tools its registry holds. */
  prompt(profile: SubagentProfile, tools: readonly AnyTool[]): Promise<string>;
}
