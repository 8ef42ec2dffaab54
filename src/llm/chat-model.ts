import type { ChatMessage } from '../agent/messages.js';

export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

export interface ChatRequest {
  messages: ChatMessage[];
  signal: AbortSignal;
  /** Called with each piece of streamed text. A model that does not stream calls it once. */
  onDelta?: (text: string) => void;
}

export interface ChatResponse {
  text: string;
  usage: Usage;
}

/** One model on one provider: the only thing the agent loop knows about language models. */
export interface ChatModel {
  /** Provider id as configured, e.g. `openai`, `ollama`, `openrouter`. */
  readonly provider: string;
  readonly model: string;
  chat(request: ChatRequest): Promise<ChatResponse>;
}

/** A configured provider: can build a chat model, list models and check its connection. */
export interface ModelProvider {
  readonly id: string;
  createModel(model: string): ChatModel;
  listModels(signal?: AbortSignal): Promise<string[]>;
  checkConnection(signal?: AbortSignal): Promise<ConnectionCheck>;
}

export type ConnectionCheck =
  | { ok: true; models: number }
  | { ok: false; problem: string; hint: string };
