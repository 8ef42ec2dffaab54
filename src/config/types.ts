// The resolved configuration the rest of Falcon uses. Files on disk (docs/ARCHITECTURE.md, "Configuration") are parsed,
// validated, migrated and merged with environment fallbacks into these shapes by src/config/.

/**
 * How Falcon talks to a provider: the `openai` SDK (OpenAI-compatible servers, and Azure OpenAI through its Azure
 * client), the `ollama` SDK or the `@anthropic-ai/sdk` (Messages API).
 */
export type ProviderProtocol = 'openai' | 'ollama' | 'anthropic' | 'azure';

export interface ProviderSettings {
  /** The key under `providers:` — `openai`, `anthropic`, `openrouter`, `gemini`, `ollama`, or a user's own name. */
  id: string;
  protocol: ProviderProtocol;
  model: string;
  apiKey?: string;
  /** OpenAI-compatible base URL, the Anthropic base URL (without `/v1`), or the Ollama host URL. Undefined means the provider's default. */
  baseUrl?: string;
  /** Ollama only: local server or Ollama cloud. */
  mode?: 'local' | 'cloud';
  /** `false` asks for whole replies instead of streamed ones. */
  stream?: boolean;
  /**
   * `context_window`: the most tokens (prompt and reply) a request may hold. When the server says its
   * own, the smaller of the two is used; without one it stands in for what the server does not say.
   */
  contextWindow?: number;
  /** Ollama only, `num_ctx`: the window Falcon asks Ollama to load the model with, instead of at most 32,768. */
  numCtx?: number;
  /**
   * `timeout_s`: seconds a model call may hear nothing from the server (no headers, no chunk) before
   * the attempt fails and is retried. Undefined means a default for a local or a remote server.
   */
  timeoutS?: number;
  /** `tool_protocol`: how the model is given its tools; undefined is `text`. `auto`: native when the model supports it. */
  toolProtocol?: 'text' | 'native' | 'auto';
  /** Azure only: the deployment called (the model when absent) and the `api-version` of its requests. */
  deployment?: string;
  apiVersion?: string;
  /** `pricing:`, USD per million tokens: overrides the price table (src/llm/pricing/). */
  pricing?: ModelPrice;
}

/** USD per million tokens (`pricing:`, the price table of src/llm/pricing/). */
export interface ModelPrice {
  input: number;
  output: number;
  /** Prompt tokens read from the provider's cache. */
  cachedInput: number;
}

export interface RetrySettings {
  /** Waits before each retry of the same model; their count is the number of retries. */
  delaysMs: number[];
}

/** Where `models:` sends a category of work; a field left out is the session's own. */
export interface ModelRoute {
  provider?: string;
  model?: string;
}

/** `quick`: short lookups (sub-agents that scout, compaction summaries); `deep`: careful reasoning. */
export interface ModelRoutes {
  quick?: ModelRoute;
  deep?: ModelRoute;
}

export interface FalconConfig {
  defaultProvider?: string;
  fallback: string[];
  providers: Record<string, ProviderSettings>;
  retry: RetrySettings;
  models?: ModelRoutes;
  /** Hooks and rules of the global config: they always apply. */
  hooks?: HookSettings;
  permissions?: PermissionRules;
  /** Absolute paths of the folders whose project hooks and allow rules the user trusts. */
  trustedFolders?: string[];
  /** `mcp_servers:` by name: they start with every session. */
  mcpServers?: Record<string, McpServerSettings>;
  /** `web_ui:`: the dashboard's port (0: any free one), and whether it runs beside every interactive session. */
  webUi?: { enabled: boolean; port: number };
  /** `theme:` of the TUI and the dashboard; absent: `auto`. */
  theme?: ThemeName;
  /** `checkpoints:`: whether the project's files are recorded before each change (for /undo and /rewind), and for how many days; absent: DEFAULT_CHECKPOINTS. */
  checkpoints?: CheckpointSettings;
}

export interface CheckpointSettings {
  enabled: boolean;
  keepDays: number;
}

export const DEFAULT_CHECKPOINTS: CheckpointSettings = { enabled: true, keepDays: 30 };

export type ThemeName = 'dark' | 'light' | 'auto';

export interface ProjectConfig {
  framework?: string;
  /** The API's development base URL, as `falcon init` found or was told it. */
  baseUrl?: string;
  /** The project's OpenAPI, Swagger or Postman file, relative to the project root. */
  spec?: string;
  maxTurns?: number;
  /** The environment `{{VAR}}` resolves from (`falcon env use`); else `dev` when there is one. */
  environment?: string;
  /** Per-tool call limits per run, overriding each tool's default. */
  toolLimits: Record<string, number>;
  /** `models:` of this project; each category set here wins over the global one. */
  models?: ModelRoutes;
  /** Commands run around tool calls and at session start; they take effect only in a trusted folder. */
  hooks?: HookSettings;
  /** Allow rules take effect only in a trusted folder; deny rules always. */
  permissions?: PermissionRules;
  /** `mcp_servers:` by name: they start with sessions in a trusted folder only. */
  mcpServers?: Record<string, McpServerSettings>;
  /** `server:`: how the API under test starts; its command runs only in a trusted folder or once approved. */
  server?: ServerSettings;
}

/**
 * How the API takes a change of its code: `watch` it reloads itself (a watcher, a reloading dev
 * server); `restart` Falcon restarts it; `on_request` it reads the changed code on the next request (PHP, Rails).
 */
export type ServerReload = 'watch' | 'restart' | 'on_request';

/** `server:` of `.falcon/config.yaml`, defaults filled in. */
export interface ServerSettings {
  /** A shell command line, run in `cwd`. */
  command: string;
  /** Relative to the project root; `.` by default. */
  cwd: string;
  /** Added to the environment Falcon was started with (provider keys left out). */
  env: Record<string, string>;
  /** Ready once `url` answers (below 500), or `log` is printed; neither: once BASE_URL answers at all. */
  ready: { url?: string; log?: string; timeoutS: number };
  reload: ServerReload;
  /** The reload was not written but read from the command. */
  reloadGuessed: boolean;
  /** Globs of the files whose change needs a reload; absent: the project's source files. */
  watch?: string[];
  /** The header each request to BASE_URL carries its id in; false: none. */
  requestIdHeader: string | false;
}

/**
 * An MCP server whose tools join the session: a process Falcon starts (stdio) or a streamable HTTP
 * endpoint. `env` and `headers` values are as written: `{{env:NAME}}` in them is filled in when the server starts.
 */
export type McpServerSettings = (
  { transport: 'stdio'; command: string; args: string[]; env: Record<string, string> } | { transport: 'http'; url: string; headers: Record<string, string> }
) & {
  /** Seconds it may take to start and list its tools. */
  timeoutS: number;
};

/** One `hooks:` entry: a shell command run in the project root with the event as JSON on stdin. */
export interface HookCommand {
  command: string;
  /** A regular expression the whole tool name must match; absent: every tool. */
  matcher?: string;
  timeoutS?: number;
}

export interface HookSettings {
  preToolUse: HookCommand[];
  postToolUse: HookCommand[];
  sessionStart: HookCommand[];
}

/** `permissions:`: rules `tool` or `tool(glob on the call's main argument)`, as written. */
export interface PermissionRules {
  allow: string[];
  deny: string[];
}

export const DEFAULT_RETRY_DELAYS_MS = [2000, 4000, 8000];
