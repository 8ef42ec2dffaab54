import type { ChatMessage, NativeToolCall } from '../../src/llm/chat-message.js';
import type { ChatModel, ChatRequest, ChatResponse, ContextWindow, ToolProtocol } from '../../src/llm/chat-model.js';

/** A reply, a native tool-mode reply with calls, an error to throw, or a function of the request (e.g. to wait for an abort). */
export type ScriptStep = string | { text?: string; toolCalls: NativeToolCall[] } | Error | ((request: ChatRequest) => Promise<string>);

export interface ScriptedModelOptions {
  window?: ContextWindow;
  /** Answers the checkpoint requests of compaction, outside the script; undefined answers from the script. */
  summarize?: (request: ChatRequest) => string | Error | undefined;
  /** `native`: the model takes its tools through `ChatRequest.tools` (default `text`). */
  toolProtocol?: ToolProtocol;
}

/** An in-process model for unit tests of the loop: answers from a script, records what it saw. */
export class ScriptedModel implements ChatModel {
  readonly provider = 'scripted';
  readonly model = 'script';
  readonly seen: ChatMessage[][] = [];
  /** The tools of each request the script answered (native tool mode). */
  readonly seenTools: (string[] | undefined)[] = [];
  /** Requests that asked for a checkpoint, answered by `summarize`. */
  readonly summaryRequests: ChatMessage[][] = [];

  constructor(
    private readonly steps: ScriptStep[],
    private readonly options: ScriptedModelOptions = {},
  ) {}

  async toolProtocol(): Promise<ToolProtocol> {
    return this.options.toolProtocol ?? 'text';
  }

  async contextWindow(): Promise<ContextWindow> {
    return this.options.window ?? { tokens: 128_000, source: 'config' };
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const summary = isCheckpointRequest(request) ? this.options.summarize?.(request) : undefined;
    if (summary !== undefined) {
      this.summaryRequests.push(request.messages.map((m) => ({ ...m })));
      if (summary instanceof Error) throw summary;
      return { text: summary, usage: { inputTokens: 10, outputTokens: summary.length } };
    }
    this.seen.push(request.messages.map((m) => ({ ...m })));
    this.seenTools.push(request.tools?.map((tool) => tool.name));
    const step = this.steps.shift() ?? 'Final Answer: (script ended)';
    if (step instanceof Error) throw step;
    const reply = typeof step === 'function' ? { text: await step(request) } : typeof step === 'string' ? { text: step } : step;
    const text = reply.text ?? '';
    for (const piece of text.match(/.{1,7}/gs) ?? []) request.onDelta?.(piece);
    return { text, usage: { inputTokens: 10, outputTokens: text.length }, ...('toolCalls' in reply && { toolCalls: reply.toolCalls }) };
  }

  /** The observation texts the model was given, in order. */
  observations(): string[] {
    const last = this.seen.at(-1) ?? [];
    return last.filter((m) => m.role === 'user' && m.content.startsWith('Observation: ')).map((m) => m.content);
  }
}

export function isCheckpointRequest(request: { messages: readonly ChatMessage[] }): boolean {
  return /<summary>/.test(request.messages.at(-1)?.content ?? '');
}

/** Resolves when the signal aborts, never otherwise: a model call that hangs until cancelled. */
export function untilAborted(request: ChatRequest): Promise<string> {
  return new Promise((_resolve, reject) => {
    request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
  });
}
