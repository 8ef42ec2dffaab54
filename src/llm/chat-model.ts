import type { ChatMessage, NativeToolCall } from './chat-message.js';

export interface Usage {
  /** Every prompt token, those read from or written to a cache included. */
  inputTokens: number;
  outputTokens: number;
  /** Prompt tokens read from the provider's prompt cache (part of `inputTokens`). */
  cachedInputTokens?: number;
  /** Prompt tokens written to the provider's prompt cache by this call (part of `inputTokens`). */
  cacheWriteTokens?: number;
}

/** A tool as a provider's own tool API takes it (native tool calls). */
export interface ToolSchema {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
}

export interface ChatRequest {
  messages: ChatMessage[];
  signal: AbortSignal;
  /** Called with each piece of streamed text. A model that does not stream calls it once. */
  onDelta?: (text: string) => void;
  /**
   * Called with each piece of reasoning the server sends apart from the text (Ollama `message.thinking`,
   * `reasoning_content` / `reasoning` deltas of OpenAI-compatible servers). Never part of `text`.
   */
  onThinking?: (text: string) => void;
  /** Native tool mode: the tools sent through the provider's tool API. Absent in text mode. */
  tools?: ToolSchema[];
}

export interface ChatResponse {
  text: string;
  /** Reasoning the server sent in its own field, whole; absent when there was none. */
  thinking?: string;
  usage: Usage;
  /** Prompt tokens as the server counted them; absent when it reported none (then `usage` holds an estimate). */
  reportedInputTokens?: number;
  /** Native tool mode: the calls the reply made, in its order. */
  toolCalls?: NativeToolCall[];
}

/**
 * Where a context window's size came from, best first. `cap`: Ollama's model has a larger window than
 * the `num_ctx` Falcon asks for by default. `assumed`: nobody said — a guess the session works inside
 * but must not present as a measurement.
 */
export type ContextWindowSource = 'server' | 'config' | 'known-model' | 'cap' | 'assumed' | 'error';

export interface ContextWindow {
  /** Tokens the model can take in one request, prompt and reply together. */
  tokens: number;
  source: ContextWindowSource;
  /** Ollama only: the `options.num_ctx` every request of this session sends (then `tokens` equals it). */
  numCtx?: number;
}

/** One model on one provider: the only thing the agent loop knows about language models. */
export interface ChatModel {
  /** Provider id as configured, e.g. `openai`, `ollama`, `openrouter`. */
  readonly provider: string;
  readonly model: string;
  chat(request: ChatRequest): Promise<ChatResponse>;
  /**
   * The window this model works with, learned once (server, then config, then a conservative default)
   * and the same for every later call. Never throws: a server that cannot say gives the fallback.
   */
  contextWindow(signal?: AbortSignal): Promise<ContextWindow>;
  /**
   * How this model is given its tools, decided once (`tool_protocol`; `auto` asks the server or the
   * known-model table) and the same for every later call. Absent: the text protocol.
   */
  toolProtocol?(signal?: AbortSignal): Promise<ToolProtocol>;
}

/** `text`: tools described in the system prompt and called in the reply's text; `native`: the provider's tool API. */
export type ToolProtocol = 'text' | 'native';

/** A configured provider: can build a chat model, list models and check its connection. */
export interface ModelProvider {
  readonly id: string;
  createModel(model: string): ChatModel;
  listModels(signal?: AbortSignal): Promise<string[]>;
  /** The models, or why the server did not list them; throws only when `signal` stops it. */
  modelListing(signal?: AbortSignal): Promise<ModelListing>;
  checkConnection(signal?: AbortSignal): Promise<ConnectionCheck>;
}

/** What every provider is created with besides its settings. */
export interface ProviderOptions {
  /** Overrides the provider's `stream` setting; replies are streamed unless one of them says `false`. */
  stream?: boolean;
}

/** Why a server could not be asked: one problem and one hint a user can act on. */
export interface ConnectionFailure {
  ok: false;
  problem: string;
  hint: string;
}

export type ModelListing = { ok: true; models: string[] } | ConnectionFailure;

export type ConnectionCheck = { ok: true; models: number } | ConnectionFailure;
