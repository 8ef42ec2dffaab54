// The resolved configuration the rest of Falcon uses. Files on disk (docs/ARCHITECTURE.md, "Configuration") are parsed,
// validated, migrated and merged with environment fallbacks into these shapes by src/config/.

/** How Falcon talks to a provider: the `openai` SDK (OpenAI-compatible servers) or the `ollama` SDK. */
export type ProviderProtocol = 'openai' | 'ollama';

export interface ProviderSettings {
  /** The key under `providers:` — `openai`, `openrouter`, `gemini`, `ollama`, or a user's own name. */
  id: string;
  protocol: ProviderProtocol;
  model: string;
  apiKey?: string;
  /** OpenAI-compatible base URL, or the Ollama host URL. Undefined means the provider's default. */
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
}

export interface RetrySettings {
  /** Waits before each retry of the same model; their count is the number of retries. */
  delaysMs: number[];
}

export interface FalconConfig {
  defaultProvider?: string;
  fallback: string[];
  providers: Record<string, ProviderSettings>;
  retry: RetrySettings;
}

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
}

export const DEFAULT_RETRY_DELAYS_MS = [2000, 4000, 8000];
