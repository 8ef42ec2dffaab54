// Falcon's messages and tools in the shape of OpenAI chat completions, field by field, so that nothing
// of Falcon's own (`stablePrefix`) reaches the wire; and the tool calls of a reply, whole or streamed.
import type OpenAI from 'openai';
import type { ChatMessage, NativeToolCall } from '../chat-message.js';
import type { ToolSchema } from '../chat-model.js';
import { isRecord } from '../context-window/read-fields.js';
import { madeUpCallId } from './made-up-call-id.js';

export function toOpenAIMessages(messages: readonly ChatMessage[]): OpenAI.ChatCompletionMessageParam[] {
  return messages.map((message): OpenAI.ChatCompletionMessageParam => {
    const { content } = message;
    if (message.role === 'system') return { role: 'system', content };
    if (message.role === 'user')
      return message.toolCallId === undefined ? { role: 'user', content } : { role: 'tool', tool_call_id: message.toolCallId, content };
    if (!message.toolCalls?.length) return { role: 'assistant', content };
    return {
      role: 'assistant',
      content: content || null,
      tool_calls: message.toolCalls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } })),
    };
  });
}

export function toOpenAITools(tools: readonly ToolSchema[]): OpenAI.ChatCompletionFunctionTool[] {
  return tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } }));
}

/** The function calls of a whole reply's message (typed by the SDK, but whatever JSON the server sent). */
export function readOpenAIToolCalls(message: unknown): NativeToolCall[] {
  if (!isRecord(message) || !Array.isArray(message.tool_calls)) return [];
  const calls = new StreamedToolCalls();
  message.tool_calls.forEach((call: unknown, index) => calls.add(isRecord(call) ? { ...call, index } : { index }));
  return calls.done();
}

interface CallParts {
  id?: string;
  name: string;
  arguments: string;
}

/**
 * Tool calls as a stream delivers them: the first delta of each (by `index`) brings its id and name,
 * later ones pieces of its arguments. A server that numbers none gets one call per id.
 */
export class StreamedToolCalls {
  private readonly calls = new Map<number, CallParts>();

  /** One element of a delta's `tool_calls`; true when it carried anything. */
  add(delta: unknown): boolean {
    if (!isRecord(delta)) return false;
    const id = typeof delta.id === 'string' && delta.id ? delta.id : undefined;
    const fn = isRecord(delta.function) ? delta.function : {};
    const index = typeof delta.index === 'number' ? delta.index : this.indexOf(id);
    const call = this.calls.get(index) ?? { name: '', arguments: '' };
    this.calls.set(index, call);
    if (id) call.id = id;
    if (typeof fn.name === 'string') call.name += fn.name;
    if (typeof fn.arguments === 'string') call.arguments += fn.arguments;
    else if (isRecord(fn.arguments)) call.arguments += JSON.stringify(fn.arguments);
    return true;
  }

  /** The calls in their order, those without a name left out (nothing to run). */
  done(): NativeToolCall[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .filter(([, call]) => call.name !== '')
      .map(([index, call]) => ({ id: call.id ?? madeUpCallId(index), name: call.name, arguments: call.arguments }));
  }

  private indexOf(id: string | undefined): number {
    const last = Math.max(-1, ...this.calls.keys());
    if (id === undefined || last < 0) return Math.max(0, last);
    return [...this.calls.values()].some((call) => call.id === id) ? last : last + 1;
  }
}
