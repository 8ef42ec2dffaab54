import path from 'node:path';
import type { ServerSettings } from '../config/types.js';
import type { ManagedServer } from '../engines/api-server/managed-server.js';
import { maskText } from '../safety/mask-text.js';
import { loadProjectConfig } from '../config/load-project-config.js';
import { openFolderSettings } from '../config/open-folder-settings.js';
import { displayPath, falconHome } from '../config/falcon-home.js';
import { createChatModel } from '../llm/create-provider.js';
import { withholdProviderKeys } from '../config/withhold-provider-keys.js';
import { SecretRegistry } from '../safety/secret-registry.js';
import { createToolRegistry } from '../kit/tool/tool-registry.js';
import { loadDefaultTools } from '../agent/default-tools.js';
import { SessionNotFoundError, SessionStore } from '../workspace/session-store.js';
import { VariableScope } from '../workspace/variable-scope.js';
import { Agent } from './agent.js';
import type { AgentOptions } from './agent-options.js';
import { agentParts } from './agent-parts.js';
import { configuredPrices } from '../llm/pricing/model-price.js';
import type { ModelChoice } from './session-models.js';
import type { AgentEvent } from './events.js';
import { closeInterruptedCalls } from './interrupted-calls.js';
import { buildSystemPrompt } from './system-prompt.js';
import { mergeModelRoutes } from '../config/model-routes.js';
import { loadSubagentProfiles } from './subagents/load-profiles.js';
import { buildSubagentPrompt } from './subagents/subagent-prompt.js';
import { startMcpServers } from '../mcp/client/start-mcp-servers.js';
import { DEFAULT_OBSERVATION_LIMIT } from './observation.js';
import { runSessionStartHooks } from './approval/hooks/tool-use-hooks.js';
import type { PermissionMode } from './approval/permissions/permission-mode.js';
import { sessionGuardSettings } from './approval/session-guard-settings.js';
import { openCheckpoints } from './open-checkpoints.js';

export const DEFAULT_MAX_TURNS = 50;

export interface OpenAgentOptions {
  projectRoot: string;
  env: NodeJS.ProcessEnv;
  modelChoice: ModelChoice;
  /** Overrides the project's `max_turns` and the default. */
  maxTurns?: number;
  /** `latest` continues the newest session; an id resumes that one; undefined starts a new one. */
  resume?: 'latest' | string;
  /** With `resume`: a new session (a new id) that starts as the resumed one stands, with its checkpoints; the original is left as it is. */
  fork?: boolean;
  /** Default `ask`. */
  permissionMode?: PermissionMode;
}

export interface OpenedAgent {
  agent: Agent;
  session: SessionStore<AgentEvent>;
  warnings: string[];
  /** The session this one was forked from (`fork`). */
  forkedFrom?: string;
}

/**
 * The composition root of a conversation, where the CLI and the TUI get their Agent: config, tools,
 * prompt, session, model, guard and hooks gathered, the Agent's parts made and the Agent put together.
 * Nothing else wires an Agent's insides (tests aside, which build one from options).
 */
export async function openAgent(options: OpenAgentOptions): Promise<OpenedAgent> {
  const { projectRoot } = options;
  const folder = await openFolderSettings(projectRoot, options.env);
  const { global, env } = folder;
  const project = await loadProjectConfig(projectRoot, {
    toolNames: (await loadDefaultTools()).map((tool) => tool.name),
    providerNames: Object.keys(global.config.providers),
  });
  const resumed = await openSession(projectRoot, options.resume);
  const session = options.fork ? await forkOf(projectRoot, resumed) : resumed;
  closeInterruptedCalls(session);
  const secrets = new SecretRegistry();
  withholdProviderKeys(global.config, secrets);
  const variables = await VariableScope.open(projectRoot, env, project.config.environment, secrets);
  const mcp = await startMcpServers({ global: global.config, globalPath: global.path, project: project.config, projectRoot }, { env, secrets });
  const tools = await loadDefaultTools(mcp.tools);
  const home = falconHome(env);
  const subagentProfiles = await loadSubagentProfiles(
    projectRoot,
    tools.map((tool) => tool.name),
  );
  const guard = sessionGuardSettings(global, project.config, projectRoot, options.permissionMode ?? 'ask');
  const checkpoints = await openCheckpoints(global.config.checkpoints, home, projectRoot, session);
  if (session !== resumed) await checkpoints.checkpoints?.store.fork(resumed.id, session.id);
  const apiServer =
    project.config.server &&
    (await openApiServer(project.config.server, {
      projectRoot,
      env,
      variables,
      secrets,
      session,
      trusted: folder.trusted,
      providerKeys: Object.values(global.config.providers).map((provider) => provider.apiKey ?? ''),
    }));
  const promptInput = { tools, projectRoot, falconHome: home, environment: variables.environment, subagents: subagentProfiles.profiles };
  const agentOptions: AgentOptions = {
    projectRoot,
    falconHome: home,
    tools: createToolRegistry(tools),
    systemPrompt: await buildSystemPrompt(promptInput),
    nativeSystemPrompt: await buildSystemPrompt({ ...promptInput, toolProtocol: 'native' }),
    session,
    variables,
    secrets,
    createModel: (choice, emit) => createChatModel(global.config, choice, emit, { configPath: displayPath(global.path) }),
    priceOf: configuredPrices(global.config),
    modelChoice: options.modelChoice,
    limits: {
      maxTurns: options.maxTurns ?? project.config.maxTurns ?? DEFAULT_MAX_TURNS,
      observationLimit: DEFAULT_OBSERVATION_LIMIT,
    },
    toolLimits: project.config.toolLimits,
    mcpServers: mcp.servers,
    modelRoutes: mergeModelRoutes(global.config.models, project.config.models),
    subagents: {
      profiles: subagentProfiles,
      prompt: (profile, profileTools) => buildSubagentPrompt({ profile, tools: profileTools, projectRoot, environment: variables.environment }),
    },
    permissions: guard.permissions,
    hooks: guard.hooks,
    trustedProject: folder.trusted,
    commandEnv: folder.dotEnv,
    checkpoints: checkpoints.checkpoints,
    ...(apiServer && { apiServer }),
  };
  const agent = new Agent(agentOptions, agentParts(agentOptions));
  const hookWarnings: string[] = [];
  const startup = {
    projectRoot,
    sessionId: session.id,
    secrets,
    signal: new AbortController().signal,
    env: folder.dotEnv,
    warn: (message: string) => hookWarnings.push(message),
  };
  await runSessionStartHooks(guard.hooks, startup);
  return {
    agent,
    session,
    ...(session !== resumed && { forkedFrom: resumed.id }),
    warnings: [
      ...(session.unsaved ? [`This session is not saved: ${session.unsaved}.`] : []),
      ...global.warnings,
      ...folder.warnings,
      ...project.warnings,
      ...guard.warnings,
      ...mcp.warnings,
      ...subagentProfiles.problems,
      ...hookWarnings,
      ...(checkpoints.warning ? [checkpoints.warning] : []),
    ],
  };
}

async function forkOf(projectRoot: string, session: SessionStore<AgentEvent>): Promise<SessionStore<AgentEvent>> {
  if (session.loadedRecords.length === 0) throw new SessionNotFoundError('There is no session to fork yet in this project.');
  return SessionStore.fork(projectRoot, session.id);
}

/**
 * The API's server of `server:`, its log in the session's folder, its command run without asking only
 * in a trusted folder. Whether something already answers at BASE_URL is found out in the background.
 */
async function openApiServer(
  settings: ServerSettings,
  session: {
    projectRoot: string;
    env: NodeJS.ProcessEnv;
    variables: VariableScope;
    secrets: SecretRegistry;
    session: SessionStore<AgentEvent>;
    trusted: boolean;
    providerKeys: string[];
  },
): Promise<ManagedServer> {
  const { openManagedServer } = await import('../engines/api-server/open-managed-server.js');
  const server = openManagedServer({
    settings,
    projectRoot: session.projectRoot,
    variables: session.variables,
    env: session.env,
    providerKeys: session.providerKeys,
    logFile: path.join(session.session.folder, 'server.log'),
    mask: (text) => maskText(text, { secrets: session.secrets }),
    commandTrusted: session.trusted,
  });
  void server.detect().catch(() => undefined);
  return server;
}

async function openSession(projectRoot: string, resume: string | undefined): Promise<SessionStore<AgentEvent>> {
  if (resume === 'latest') return (await SessionStore.openLatest(projectRoot)) ?? SessionStore.create(projectRoot);
  if (resume) return SessionStore.open(projectRoot, resume);
  return SessionStore.create(projectRoot);
}
