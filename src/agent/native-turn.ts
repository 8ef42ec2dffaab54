// One reply in native tool mode (docs/ARCHITECTURE.md, "Native tool calls"): the reply parser is not
// used; the calls the provider read run through the same pipeline as text calls, and a reply without
// calls is the answer.
import type { ChatMessage } from '../llm/chat-message.js';
import type { ChatResponse } from '../llm/chat-model.js';
import { runToolCall } from './approval/run-tool-call.js';
import type { ToolCallDeps } from './approval/tool-call-deps.js';
import { readNativeCalls, runNativeCalls } from './native-calls.js';
import { formatObservation } from './observation.js';
import type { ReplyTools } from './reply/reply-tools.js';
import { splitThinking } from './reply/thinking.js';
import { registerSecretArguments } from './secret-arguments.js';

export interface NativeTurnDeps {
  /** What each call is run with, as for a text call. */
  calls: ToolCallDeps;
  replyTools: ReplyTools;
  /** Adds a message to the history and persists it. */
  record(message: ChatMessage): void;
  /** The note for a reply that ended inside its reasoning. */
  unclosedThinkingNote: string;
}

/** `answer`: the run's answer. `ran`: the calls made (0: the model was asked again); `unreadable`: the run must stop. */
export type NativeTurn = { answer: string } | { ran: number; unreadable?: string };

const EMPTY_REPLY_NOTE = 'Your reply was empty. Call a tool, or answer the user.';

export async function runNativeTurn(response: ChatResponse, deps: NativeTurnDeps): Promise<NativeTurn> {
  const { emit, failureStreaks, tools, context } = deps.calls;
  const written = splitThinking(response.text.replace(/\r\n?/g, '\n'));
  const reasoning = [response.thinking?.trim(), written.thinking].filter(Boolean).join('\n\n');
  if (reasoning) emit({ type: 'thought', text: reasoning });
  const text = written.text.trim();
  const nativeCalls = response.toolCalls ?? [];
  if (nativeCalls.length === 0) {
    deps.record({ role: 'assistant', content: text });
    if (text !== '') return { answer: text };
    deps.record({ role: 'user', content: formatObservation(written.unclosed ? deps.unclosedThinkingNote : EMPTY_REPLY_NOTE) });
    return { ran: 0 };
  }
  const calls = readNativeCalls(nativeCalls, deps.replyTools);
  // Before anything records or shows the calls, as for a text call.
  for (const { request } of calls) if ('args' in request) registerSecretArguments(tools, request.name, request.args, context.secrets);
  deps.record({ role: 'assistant', content: text, toolCalls: nativeCalls });
  // Text beside calls is what the model thought before making them.
  if (text) emit({ type: 'thought', text });
  for (const { request } of calls) {
    if ('problem' in request) emit({ type: 'call_unreadable', reply: text, problem: request.problem, tool: request.name });
  }
  const outputs = await runNativeCalls(calls, tools, (request) => runToolCall(request, deps.calls));
  calls.forEach(({ id }, index) => deps.record({ role: 'user', content: formatObservation(outputs[index]!), toolCallId: id }));
  const readable = calls.some(({ request }) => 'args' in request && deps.replyTools.resolve(request.name) !== undefined);
  if (readable) failureStreaks.replyRead();
  else if (failureStreaks.replyUnreadable()) {
    return {
      ran: calls.length,
      unreadable: calls.map(({ request }) => ('problem' in request ? request.problem : `unknown tool "${request.name}"`)).join('; '),
    };
  }
  return { ran: calls.length };
}
