import type { ChatMessage } from '../../llm/chat-message.js';
import { isObservation } from './tool-steps.js';

/**
 * Where the verbatim tail of a history starts: the recent messages that fit in `keepTokens`, moved
 * so that a tool call and its observation are never separated. Always leaves at least one message
 * to replace when the history has more than one exchange; 0 means nothing can be replaced.
 */
export function keptTailStart(messages: readonly ChatMessage[], keepTokens: number, estimate: (messages: readonly ChatMessage[]) => number): number {
  let start = messages.length;
  let tokens = 0;
  while (start > 0) {
    const cost = estimate([messages[start - 1]!]);
    if (start < messages.length && tokens + cost > keepTokens) break;
    tokens += cost;
    start -= 1;
  }
  if (start === 0) start = lastExchangeStart(messages);
  // A native reply's several calls are answered by as many observations, all after it.
  while (start > 0 && isObservation(messages[start]!)) start -= 1;
  return start;
}

/** The last call with its observation (or the last message alone) stays, whatever its size. */
function lastExchangeStart(messages: readonly ChatMessage[]): number {
  let last = messages.length - 1;
  while (last > 0 && isObservation(messages[last]!)) last -= 1;
  return Math.max(0, last);
}
