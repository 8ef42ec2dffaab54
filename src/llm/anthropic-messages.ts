// A chat as the Anthropic Messages API takes it: system messages in `system`, user and assistant turns
// alternating (consecutive messages of one role merged), native tool calls as `tool_use` blocks and
// their observations as `tool_result` blocks, and prompt-cache breakpoints where the prefix stays the
// same from request to request.
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatMessage } from './chat-message.js';
import type { ToolSchema } from './chat-model.js';
import { isRecord } from './context-window/read-fields.js';

/** The blocks Falcon sends: each may end a cached prefix. */
type ContentBlock = Anthropic.TextBlockParam | Anthropic.ToolUseBlockParam | Anthropic.ToolResultBlockParam;
type TurnRole = 'user' | 'assistant';

export interface AnthropicPrompt {
  system?: Anthropic.TextBlockParam[];
  messages: Anthropic.MessageParam[];
  tools?: Anthropic.Tool[];
}

/** The API refuses a request with more cache breakpoints than this. */
const MAX_CACHE_BREAKPOINTS = 4;
const EPHEMERAL: Anthropic.CacheControlEphemeral = { type: 'ephemeral' };

/**
 * The request's prompt. Breakpoints (at most four) end the tool list, the last stable system message,
 * the last stable turn (a compaction checkpoint), and the conversation so far: the next request of an
 * agent loop repeats all of it and reads it from the cache.
 */
export function toAnthropicPrompt(messages: readonly ChatMessage[], tools?: readonly ToolSchema[]): AnthropicPrompt {
  const system: Anthropic.TextBlockParam[] = [];
  let stableSystem: Anthropic.TextBlockParam | undefined;
  const turns: { role: TurnRole; content: ContentBlock[]; stable: boolean }[] = [];
  for (const message of messages) {
    if (message.role === 'system') {
      if (message.content === '') continue;
      const block: Anthropic.TextBlockParam = { type: 'text', text: message.content };
      system.push(block);
      if (message.stablePrefix) stableSystem = block;
      continue;
    }
    // An observation answering a native call is the user's turn, whatever role the history gives it.
    const role: TurnRole = message.role === 'assistant' && message.toolCallId === undefined ? 'assistant' : 'user';
    const blocks = contentOf(message);
    if (blocks.length === 0) continue;
    const last = turns.at(-1);
    if (last?.role === role) {
      last.content.push(...blocks);
      last.stable ||= message.stablePrefix === true;
    } else {
      turns.push({ role, content: blocks, stable: message.stablePrefix === true });
    }
  }

  for (const turn of turns) if (turn.role === 'user') turn.content = toolResultsFirst(turn.content);
  const toolList = tools?.map((tool): Anthropic.Tool => ({ name: tool.name, description: tool.description, input_schema: inputSchema(tool.parameters) }));
  const breakpoints = new Set<ContentBlock | Anthropic.Tool>();
  const lastTool = toolList?.at(-1);
  if (lastTool) breakpoints.add(lastTool);
  if (stableSystem) breakpoints.add(stableSystem);
  const stableTurn = [...turns].reverse().find((turn) => turn.stable);
  if (stableTurn) breakpoints.add(stableTurn.content.at(-1)!);
  const lastBlock = turns.at(-1)?.content.at(-1);
  if (lastBlock) breakpoints.add(lastBlock);
  for (const block of [...breakpoints].slice(0, MAX_CACHE_BREAKPOINTS)) block.cache_control = EPHEMERAL;

  return {
    ...(system.length > 0 && { system }),
    messages: turns.map(({ role, content }) => ({ role, content })),
    ...(toolList && toolList.length > 0 && { tools: toolList }),
  };
}

function contentOf(message: ChatMessage): ContentBlock[] {
  if (message.toolCallId !== undefined) {
    return [{ type: 'tool_result', tool_use_id: message.toolCallId, content: message.content }];
  }
  // The API refuses empty text blocks.
  const text: ContentBlock[] = message.content === '' ? [] : [{ type: 'text', text: message.content }];
  if (message.role !== 'assistant' || !message.toolCalls) return text;
  const calls = message.toolCalls.map((call): ContentBlock => ({ type: 'tool_use', id: call.id, name: call.name, input: argumentsObject(call.arguments) }));
  return [...text, ...calls];
}

/** The API wants the results of the previous turn's tool calls before anything else the user says. */
function toolResultsFirst(content: ContentBlock[]): ContentBlock[] {
  return [...content.filter((block) => block.type === 'tool_result'), ...content.filter((block) => block.type !== 'tool_result')];
}

/** The arguments a call was made with, as the object `tool_use` carries; a call whose JSON was broken had none. */
function argumentsObject(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}

function inputSchema(parameters: Record<string, unknown>): Anthropic.Tool.InputSchema {
  return { ...parameters, type: 'object' };
}
