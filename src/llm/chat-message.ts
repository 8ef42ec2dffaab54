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
  /** Observations in native tool mode: the call this one answers. */
  toolCallId?: string;
  /**
   * The message is the same from request to request (the system prompt, a compaction checkpoint), so a
   * provider with prompt caching may end a cached prefix after it.
   */
  stablePrefix?: true;
}

/** A message as a server without prompt caching or native tools takes it: Falcon's own fields stay home. */
export function onTheWire(messages: readonly ChatMessage[]): { role: ChatRole; content: string }[] {
  return messages.map(({ role, content }) => ({ role, content }));
}
