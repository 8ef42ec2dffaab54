import type { ChatMessage, NativeToolCall } from './chat-message.js';
import type { ChatResponse } from './chat-model.js';
import { messageText, usageOrEstimate } from './usage.js';

/** A whole reply as a provider gathered it; token counts as the server sent them, whatever their type. */
export interface GatheredReply {
  text: string;
  thinking: string;
  promptTokens: unknown;
  completionTokens: unknown;
  /** Native tool mode: the calls the reply made. */
  toolCalls?: NativeToolCall[];
  /** Prompt tokens read from the server's cache (OpenAI's `prompt_tokens_details.cached_tokens`); Ollama has none. */
  cachedTokens?: unknown;
}

/**
 * The reply as the agent sees it: thinking apart from the text, and the server's prompt count when
 * it sent one. A prompt count of 0 is none (Ollama reports 0 for a prompt it had cached).
 */
export function toChatResponse(messages: ChatMessage[], reply: GatheredReply): ChatResponse {
  const reportedInputTokens = tokenCount(reply.promptTokens, 1);
  const written = messageText({ role: 'assistant', content: reply.text, ...(reply.toolCalls && { toolCalls: reply.toolCalls }) });
  const estimated = usageOrEstimate({ input: reportedInputTokens, output: tokenCount(reply.completionTokens, 0) }, messages, written);
  const cachedInputTokens = tokenCount(reply.cachedTokens, 1);
  // Cached tokens are part of the prompt: a count beyond it is no count.
  const usage = cachedInputTokens !== undefined && cachedInputTokens <= estimated.inputTokens ? { ...estimated, cachedInputTokens } : estimated;
  return {
    text: reply.text,
    ...(reply.thinking && { thinking: reply.thinking }),
    usage,
    ...(reportedInputTokens !== undefined && { reportedInputTokens }),
    ...(reply.toolCalls?.length && { toolCalls: reply.toolCalls }),
  };
}

function tokenCount(value: unknown, minimum: number): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= minimum ? value : undefined;
}
