import type { ChatMessage } from '../../llm/chat-message.js';
import type { CompactionState } from '../compaction/compact-history.js';
import type { HistoryStore } from '../context/conversation-context.js';

/** A sub-agent's conversation, held in memory for its one run; its events are what the session file keeps. */
export function subagentHistory(fileLabel: string): HistoryStore & { messages: ChatMessage[] } {
  const messages: ChatMessage[] = [];
  let compactionState: CompactionState | undefined;
  return {
    messages,
    fileLabel,
    get compactionState() {
      return compactionState;
    },
    recordCompaction(replaced, checkpoint, state) {
      messages.splice(0, Math.min(replaced, messages.length), { role: 'user', content: checkpoint, stablePrefix: true });
      compactionState = state;
    },
  };
}
