export type ChatRole = 'system' | 'user' | 'assistant';

/** A tool call the model made through its provider's own tool API (native tool calls). */
export interface NativeToolCall {
  /** The provider's id for the call; the observation answers it with the same id. */
  id: string;
  name: string;
  /** The arguments as JSON text, as the server sent them (servers that send an object have it stringified). */
  arguments: string;
}

export interface ChatMessage {
  role: ChatRole;
  content: string;
  /** Assistant messages in native tool mode: the calls the reply made, in its order. */
  toolCalls?: NativeToolCall[];
  /**
   * Observations in native tool mode (role `user`, one message per call, in the calls' order): the call
   * this one answers. Providers send it as their protocol's tool result (OpenAI's `tool` message, Ollama's
   * `tool` message naming the tool, Anthropic's `tool_result` blocks, those of one reply in one message).
   */
  toolCallId?: string;
  /**
   * The message is the same from request to request (the system prompt, a compaction checkpoint), so a
   * provider with prompt caching may end a cached prefix after it.
   */
  stablePrefix?: true;
}
