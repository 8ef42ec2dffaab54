import type { ChatMessage } from '../../llm/chat-message.js';

/**
 * Messages as chat templates accept them: many (Mistral's, Gemma's) refuse two turns of the same role
 * in a row, which a checkpoint, a queued message or an interrupted reply can otherwise produce. Native
 * tool calls and the observations answering them stay as they are: each answers its own call.
 */
export function mergeSameRoleMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  const merged: ChatMessage[] = [];
  for (const message of messages) {
    const last = merged.at(-1);
    if (last && last.role === message.role && message.role !== 'system' && !isNative(last) && !isNative(message)) {
      merged[merged.length - 1] = {
        role: last.role,
        content: `${last.content}\n\n${message.content}`,
        ...((last.stablePrefix ?? message.stablePrefix) && { stablePrefix: true }),
      };
    } else {
      merged.push({ ...message });
    }
  }
  return merged;
}

function isNative(message: ChatMessage): boolean {
  return message.toolCallId !== undefined || (message.toolCalls?.length ?? 0) > 0;
}
