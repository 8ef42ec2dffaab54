// Falcon's messages and tools in the shape of Ollama's /api/chat, field by field, so that nothing of
// Falcon's own (`stablePrefix`) reaches the wire; and the tool calls of a reply.
import type { Message, Tool } from 'ollama';
import type { ChatMessage, NativeToolCall } from '../chat-message.js';
import type { ToolSchema } from '../chat-model.js';
import { isRecord } from '../context-window/read-fields.js';
import { madeUpCallId } from './made-up-call-id.js';

/** Ollama answers a call by the tool's name (`tool_name`), not by an id: the name comes from the call the message answers. */
export function toOllamaMessages(messages: readonly ChatMessage[]): Message[] {
  const callNames = new Map<string, string>();
  return messages.map((message): Message => {
    const { role, content } = message;
    if (message.toolCallId !== undefined) {
      const toolName = callNames.get(message.toolCallId);
      return { role: 'tool', content, ...(toolName !== undefined && { tool_name: toolName }) };
    }
    if (role !== 'assistant' || !message.toolCalls?.length) return { role, content };
    for (const call of message.toolCalls) callNames.set(call.id, call.name);
    return { role, content, tool_calls: message.toolCalls.map((call) => ({ function: { name: call.name, arguments: argumentsObject(call.arguments) } })) };
  });
}

export function toOllamaTools(tools: readonly ToolSchema[]): Tool[] {
  return tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } }));
}

/**
 * The calls of one reply message (`message.tool_calls`: `{function: {name, arguments: {…}}}`), arguments
 * as JSON text; `first`: the number of calls read before in the same reply, so made-up ids stay apart.
 */
export function readOllamaToolCalls(message: unknown, first = 0): NativeToolCall[] {
  if (!isRecord(message) || !Array.isArray(message.tool_calls)) return [];
  return message.tool_calls.flatMap((call: unknown, offset): NativeToolCall[] => {
    const fn = isRecord(call) && isRecord(call.function) ? call.function : undefined;
    if (!fn || typeof fn.name !== 'string' || fn.name === '') return [];
    const id = isRecord(call) && typeof call.id === 'string' && call.id ? call.id : madeUpCallId(first + offset);
    const args = typeof fn.arguments === 'string' ? fn.arguments : JSON.stringify(fn.arguments ?? {});
    return [{ id, name: fn.name, arguments: args }];
  });
}

/** Arguments sent back as the object Ollama takes; text that is no JSON object goes back as it came, under `input`. */
function argumentsObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (isRecord(value)) return value;
  } catch {
    // below
  }
  return { input: text };
}
