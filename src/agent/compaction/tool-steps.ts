import type { ChatMessage } from '../../llm/chat-message.js';
import { OBSERVATION_PREFIX } from '../observation.js';
import { parseReply } from '../parse-reply.js';

/** A tool call the model made, with what it got back. */
export interface ToolStep {
  name: string;
  args: Record<string, unknown>;
  observation: string;
  /** False when the call failed, was refused or was cancelled. */
  ok: boolean;
}

const FAILED = /^(Error:|The user declined|Cancelled by the user)/;

export function isObservation(message: ChatMessage): boolean {
  return message.role === 'user' && message.content.startsWith(OBSERVATION_PREFIX);
}

/** The tool calls of a stretch of history, each paired with the observation that answered it. */
export function toolStepsOf(messages: readonly ChatMessage[], toolNames: ReadonlySet<string>): ToolStep[] {
  const steps: ToolStep[] = [];
  messages.forEach((message, index) => {
    if (message.role !== 'assistant') return;
    const next = messages[index + 1];
    if (!next || !isObservation(next)) return;
    const reply = parseReply(message.content, toolNames);
    if (reply.kind !== 'call') return;
    const observation = next.content.slice(OBSERVATION_PREFIX.length);
    steps.push({ name: reply.name, args: reply.args, observation, ok: !FAILED.test(observation) });
  });
  return steps;
}
