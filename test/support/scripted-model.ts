import type { ChatMessage } from '../../src/agent/messages.js';
import type { ChatModel, ChatRequest, ChatResponse, ContextWindow } from '../../src/llm/chat-model.js';

/** A reply, an error to throw, or a function of the request (e.g. to wait for an abort). */
export type ScriptStep = string | Error | ((request: ChatRequest) => Promise<string>);

/** An in-process model for unit tests of the loop: answers from a script, records what it saw. */
export class ScriptedModel implements ChatModel {
  readonly provider = 'scripted';
  readonly model = 'script';
  readonly seen: ChatMessage[][] = [];

  constructor(
    private readonly steps: ScriptStep[],
    private readonly window: ContextWindow = { tokens: 128_000, source: 'default' },
  ) {}

  async contextWindow(): Promise<ContextWindow> {
    return this.window;
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    this.seen.push(request.messages.map((m) => ({ ...m })));
    const step = this.steps.shift() ?? 'Final Answer: (script ended)';
    if (step instanceof Error) throw step;
    const text = typeof step === 'string' ? step : await step(request);
    for (const piece of text.match(/.{1,7}/gs) ?? []) request.onDelta?.(piece);
    return { text, usage: { inputTokens: 10, outputTokens: text.length } };
  }

  /** The observation texts the model was given, in order. */
  observations(): string[] {
    const last = this.seen.at(-1) ?? [];
    return last.filter((m) => m.role === 'user' && m.content.startsWith('Observation: ')).map((m) => m.content);
  }
}

/** Resolves when the signal aborts, never otherwise: a model call that hangs until cancelled. */
export function untilAborted(request: ChatRequest): Promise<string> {
  return new Promise((_resolve, reject) => {
    request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
  });
}
