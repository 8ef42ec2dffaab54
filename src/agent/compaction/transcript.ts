import type { ChatMessage } from '../../llm/chat-message.js';
import { OBSERVATION_PREFIX } from '../observation.js';
import { newestLinesWithin } from './newest-lines.js';

/** Longest observation a transcript quotes; a checkpoint needs what a result was, not all of it. */
const OBSERVATION_CHARS = 600;

/**
 * A plain-text transcript of messages within `roomTokens`; when it must be cut, the newest
 * messages are kept and a line says how many earlier ones were left out.
 */
export function formatTranscript(messages: readonly ChatMessage[], roomTokens: number, estimateText: (text: string) => number): string {
  const leftOut = (count: number) => `(${count} earlier message${count === 1 ? '' : 's'} left out)`;
  return newestLinesWithin(messages.map(describe), roomTokens, estimateText, leftOut).join('\n\n');
}

function describe(message: ChatMessage): string {
  if (message.role === 'assistant') {
    const calls = message.toolCalls?.map((call) => `ACTION: ${call.name}(${call.arguments})`) ?? [];
    return `Falcon: ${[message.content.trim(), ...calls].filter(Boolean).join('\n')}`;
  }
  if (message.content.startsWith(OBSERVATION_PREFIX)) {
    const output = message.content.slice(OBSERVATION_PREFIX.length).trim();
    const shown = output.length > OBSERVATION_CHARS ? `${output.slice(0, OBSERVATION_CHARS)}… (${output.length} characters)` : output;
    return `Tool result: ${shown}`;
  }
  return `User: ${message.content.trim()}`;
}
