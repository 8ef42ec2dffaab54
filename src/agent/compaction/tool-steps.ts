import type { ChatMessage } from '../../llm/chat-message.js';
import { OBSERVATION_PREFIX } from '../observation.js';
import { parseReply } from '../parse-reply.js';
import { readNativeCalls } from '../native-calls.js';
import { replyToolsOf } from '../reply/reply-tools.js';
import type { NativeToolCall } from '../../llm/chat-message.js';

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
    if (message.toolCalls?.length) return void steps.push(...nativeSteps(message.toolCalls, messages.slice(index + 1), toolNames));
    const next = messages[index + 1];
    if (!next || !isObservation(next)) return;
    const reply = parseReply(message.content, toolNames);
    if (reply.kind !== 'call') return;
    const observation = next.content.slice(OBSERVATION_PREFIX.length);
    steps.push({ name: reply.name, args: reply.args, observation, ok: !FAILED.test(observation) });
  });
  return steps;
}

/** A native reply's calls, each with the observation that answers its id before the next reply (made-up ids repeat from reply to reply). */
function nativeSteps(calls: readonly NativeToolCall[], later: readonly ChatMessage[], toolNames: ReadonlySet<string>): ToolStep[] {
  const nextReply = later.findIndex((message) => message.role === 'assistant');
  const after = nextReply < 0 ? later : later.slice(0, nextReply);
  return readNativeCalls(calls, replyToolsOf(toolNames)).flatMap(({ id, request }) => {
    const answer = after.find((message) => message.toolCallId === id && isObservation(message));
    if (!answer || !('args' in request)) return [];
    const observation = answer.content.slice(OBSERVATION_PREFIX.length);
    return [{ name: request.name, args: request.args, observation, ok: !FAILED.test(observation) }];
  });
}
