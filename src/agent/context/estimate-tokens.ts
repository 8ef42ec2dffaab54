import type { ChatMessage } from '../../llm/chat-message.js';
import { messageText } from '../../llm/usage.js';

/**
 * Characters a token stands for, on the low side: prose runs near 4 with today's tokenizers, code
 * and JSON nearer 3, so counting 3 overestimates — the side to err on before a request is sent.
 */
const CHARS_PER_TOKEN = 3;
/** Each message costs its role and template markers besides its text. */
const TOKENS_PER_MESSAGE = 4;

export function estimateTextTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

export function estimateMessageTokens(messages: readonly ChatMessage[]): number {
  return messages.reduce((sum, message) => sum + TOKENS_PER_MESSAGE + estimateTextTokens(messageText(message)), 0);
}
