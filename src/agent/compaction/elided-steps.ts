import type { ChatMessage } from '../../llm/chat-message.js';
import { OBSERVATION_PREFIX } from '../observation.js';
import { newestLinesWithin } from './newest-lines.js';

const USER_CHARS = 300;
const ASSISTANT_CHARS = 240;
const RESULT_CHARS = 160;

/**
 * The checkpoint's account of replaced messages when no model could write one: what was asked and
 * called, each observation as a one-line stub that says where its full text is. Newest first to go in
 * when there is not room for all.
 */
export function elidedSteps(messages: readonly ChatMessage[], sessionFile: string, roomTokens: number, estimateText: (text: string) => number): string {
  const lines = messages.map((message) => stub(message, sessionFile));
  const leftOut = (count: number) => `- (${count} earlier message${count === 1 ? '' : 's'} not listed)`;
  return newestLinesWithin(lines, roomTokens, estimateText, leftOut).join('\n');
}

function stub(message: ChatMessage, sessionFile: string): string {
  const text = message.content.trim();
  if (message.role === 'assistant') return `- Falcon: ${oneLine(text, ASSISTANT_CHARS)}`;
  if (!text.startsWith(OBSERVATION_PREFIX)) return `- User: ${oneLine(text, USER_CHARS)}`;
  const output = text.slice(OBSERVATION_PREFIX.length).trim();
  const first = oneLine(output.split('\n', 1)[0] ?? '', RESULT_CHARS);
  return `- Result: ${first} [${output.length.toLocaleString('en-US')} characters elided; the full text is in ${sessionFile}, or repeat the call]`;
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
