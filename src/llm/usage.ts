import type { ChatMessage } from './chat-message.js';
import type { Usage } from './chat-model.js';

/**
 * Token counts as the server reported them. Servers that report none (some OpenAI-compatible ones,
 * Ollama with a cached prompt) get a rough estimate of four characters a token, so usage never reads 0.
 */
export function usageOrEstimate(reported: { input?: number; output?: number }, messages: ChatMessage[], text: string): Usage {
  return {
    inputTokens: reported.input ?? estimateTokens(messages.map(messageText).join('\n')),
    outputTokens: reported.output ?? estimateTokens(text),
  };
}

function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** What a message says, its native tool calls (name and arguments) included: what token estimates count. */
export function messageText(message: ChatMessage): string {
  const calls = message.toolCalls?.map((call) => `${call.name} ${call.arguments}`) ?? [];
  return [message.content, ...calls].join('\n');
}
