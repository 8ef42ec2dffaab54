import type { ChatModel, ChatResponse } from '../llm/chat-model.js';
import type { ConversationContext, PreparedRequest } from './context/conversation-context.js';
import type { EmitEvent } from './events.js';
import { createThinkingStream } from './reply/thinking-stream.js';

/**
 * One model call of a turn: the request built to fit the window, streamed text and reasoning as
 * events, and, when the server says the prompt overflowed anyway, one compaction and one more try.
 */
export async function callModel(model: ChatModel, context: ConversationContext, signal: AbortSignal, emit: EmitEvent): Promise<ChatResponse> {
  let sent = await context.prepare(model, signal);
  let response: ChatResponse;
  try {
    response = await streamReply(model, sent, signal, emit);
  } catch (error) {
    if (!(await context.recover(error, sent, model, signal))) throw error;
    sent = await context.prepare(model, signal);
    response = await streamReply(model, sent, signal, emit);
  }
  const fullness = context.afterCall(sent, response);
  // After the call, the model is the one that answered (a fallback, maybe).
  emit({ type: 'usage', ...response.usage, provider: model.provider, model: model.model, ...(fullness && { context: fullness }) });
  return response;
}

async function streamReply(model: ChatModel, { messages, tools }: PreparedRequest, signal: AbortSignal, emit: EmitEvent): Promise<ChatResponse> {
  const inline = createThinkingStream({
    onText: (text) => emit({ type: 'text_delta', text }),
    onThinking: (text) => emit({ type: 'thinking_delta', text }),
  });
  const response = await model.chat({
    messages,
    ...(tools && { tools }),
    signal,
    onDelta: (text) => inline.push(text),
    onThinking: (text) => emit({ type: 'thinking_delta', text }),
  });
  inline.end();
  return response;
}
