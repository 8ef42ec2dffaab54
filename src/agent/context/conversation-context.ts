// The requests the model is sent: the system prompt and the live history, kept inside the model's
// context window — measured before each call, compacted when it would pass the threshold, and
// compacted again when the server says it overflowed anyway.
import type { ChatModel, ChatResponse, ContextWindow, ToolSchema } from '../../llm/chat-model.js';
import { ModelError } from '../../llm/model-errors.js';
import { reportingUsage } from '../compaction/reporting-usage.js';
import { compactHistory, type Compaction, type CompactionState } from '../compaction/compact-history.js';
import type { FactTools } from '../compaction/session-facts.js';
import type { CompactionReason, ContextUsage, EmitEvent } from '../events.js';
import type { ChatMessage } from '../../llm/chat-message.js';
import { contextBudget, type ContextBudget } from './context-budget.js';
import { ContextMeter, contextUsage } from './context-meter.js';
import { mergeSameRoleMessages } from './merge-messages.js';

/** The part of the session store the context works on. */
export interface HistoryStore {
  readonly messages: readonly ChatMessage[];
  /** Where every message is kept, as the user should see the path. */
  readonly fileLabel: string;
  readonly compactionState: unknown;
  recordCompaction(replaced: number, checkpoint: string, state: CompactionState): void;
}

export interface ConversationContextOptions {
  systemPrompt: string;
  history: HistoryStore;
  tools: FactTools;
  describeTools(names: readonly string[]): string;
  /** The observation limit when the window leaves room for it. */
  maxObservationChars: number;
  emit: EmitEvent;
  /** The model that writes compaction checkpoints (`models: quick`); the conversation's own when absent. */
  summaryModel?(): ChatModel;
  /** For models in native tool mode: their system prompt, and the tools a request offers with this history. Absent: text mode for every model. */
  native?: { systemPrompt: string; tools(history: readonly ChatMessage[]): ToolSchema[] };
}

/** A request as the next call sends it: its messages and, in native tool mode, its tools. */
export interface PreparedRequest {
  messages: ChatMessage[];
  tools?: ToolSchema[];
}

/** After an overflow the server did not measure, assume the window is this share of what was sent. */
const UNMEASURED_OVERFLOW_SHARE = 0.8;

export class ConversationContext {
  private readonly meter = new ContextMeter();
  private window: ContextWindow | undefined;
  /** A window a context-overflow error revealed, smaller than the model claimed. */
  private learnedTokens: number | undefined;
  private lastUsage: ContextUsage | undefined;
  /** The latest request was prepared for a model in native tool mode. */
  private nativeMode = false;

  constructor(private readonly options: ConversationContextOptions) {}

  /** How full the context was after the latest call. */
  get usage(): ContextUsage | undefined {
    return this.lastUsage;
  }

  /** The window requests are fitted into: the model's, or a smaller one an overflow error revealed. */
  get currentWindow(): ContextWindow | undefined {
    if (!this.window) return undefined;
    if (this.learnedTokens === undefined || this.learnedTokens >= this.window.tokens) return this.window;
    return { tokens: this.learnedTokens, source: 'error' };
  }

  /** Learns the model's window; a new model (a switch) may bring another one. */
  async learnWindow(model: ChatModel, signal: AbortSignal): Promise<ContextBudget> {
    const window = await model.contextWindow(signal);
    if (window.tokens !== this.window?.tokens || window.source !== this.window?.source) {
      this.window = window;
      this.options.emit({ type: 'context_window', tokens: window.tokens, source: window.source, ...(window.numCtx && { numCtx: window.numCtx }) });
    }
    return this.budget();
  }

  /** Whether the latest request was prepared for native tool mode: then a reply's calls come as `toolCalls`. */
  get native(): boolean {
    return this.nativeMode;
  }

  /** The request for the next call, compacting the history first when it would pass the threshold. */
  async prepare(model: ChatModel, signal: AbortSignal): Promise<PreparedRequest> {
    this.nativeMode = this.options.native !== undefined && (await model.toolProtocol?.(signal)) === 'native';
    const budget = await this.learnWindow(model, signal);
    if (this.measure(this.request()) > budget.compactAt) await this.compact(model, 'threshold', signal);
    return this.request();
  }

  /** Calibrates the estimate with what the server counted, and reports how full the context is. */
  afterCall(sent: PreparedRequest, response: ChatResponse): ContextUsage | undefined {
    if (response.reportedInputTokens) this.meter.calibrate(measured(sent), response.reportedInputTokens);
    const window = this.currentWindow;
    if (!window) return undefined;
    const prompt = response.reportedInputTokens ?? this.measure(sent);
    this.lastUsage = contextUsage(prompt + response.usage.outputTokens, window.tokens, window.source === 'assumed');
    return this.lastUsage;
  }

  /** A context overflow: learn the real window, compact, and say whether the call is worth making again. */
  async recover(error: unknown, sent: PreparedRequest, model: ChatModel, signal: AbortSignal): Promise<boolean> {
    const overflow = error instanceof ModelError ? error.contextOverflow : undefined;
    if (!overflow) return false;
    const named = overflow.windowTokens;
    const guess = Math.floor(this.measure(sent) * UNMEASURED_OVERFLOW_SHARE);
    this.learnedTokens = Math.min(this.learnedTokens ?? Infinity, named && named > 0 ? named : guess);
    this.options.emit({ type: 'context_window', tokens: this.learnedTokens, source: 'error' });
    return (await this.compact(model, 'overflow', signal)) !== undefined;
  }

  /** Replaces the older history with a checkpoint; undefined when there was too little to compact. */
  async compact(model: ChatModel, reason: CompactionReason, signal: AbortSignal): Promise<Compaction | undefined> {
    const budget = await this.learnWindow(model, signal);
    const { history } = this.options;
    const tokensBefore = this.measure(this.request());
    const summarizer = this.options.summaryModel?.() ?? model;
    const compaction = await compactHistory({
      history: history.messages,
      systemPrompt: this.systemPrompt,
      model: reportingUsage(summarizer, this.options.emit),
      previous: history.compactionState as CompactionState | undefined,
      tools: this.options.tools,
      describeTools: this.options.describeTools,
      sessionFile: history.fileLabel,
      keepRecentTokens: budget.keepRecent,
      checkpointTokens: budget.checkpointTokens,
      requestLimit: summarizer === model ? budget.requestLimit : Math.min(budget.requestLimit, await this.requestLimitOf(summarizer, signal)),
      estimate: (messages) => this.meter.estimate(messages),
      signal,
    });
    if (!compaction) return undefined;
    const keptMessages = history.messages.length - compaction.replaced;
    history.recordCompaction(compaction.replaced, compaction.checkpoint, compaction.state);
    this.options.emit({
      type: 'compaction',
      reason,
      method: compaction.method,
      replacedMessages: compaction.replaced,
      keptMessages,
      tokensBefore,
      tokensAfter: this.measure(this.request()),
    });
    return compaction;
  }

  /** The most a request to another model may hold; a window it cannot tell does not limit it. */
  private async requestLimitOf(model: ChatModel, signal: AbortSignal): Promise<number> {
    try {
      return contextBudget((await model.contextWindow(signal)).tokens, 0, this.options.maxObservationChars).requestLimit;
    } catch (error) {
      if (signal.aborted) throw error;
      return Number.MAX_SAFE_INTEGER;
    }
  }

  /** The longest observation the window has room for, in characters. */
  observationLimit(): number {
    return this.budget().observationChars;
  }

  private get systemPrompt(): string {
    return this.nativeMode ? this.options.native!.systemPrompt : this.options.systemPrompt;
  }

  private request(): PreparedRequest {
    const { history, native } = this.options;
    // The system prompt (the tool reference in it) is the same in every request: a provider may cache it.
    const messages = mergeSameRoleMessages([{ role: 'system', content: this.systemPrompt, stablePrefix: true }, ...history.messages]);
    return this.nativeMode ? { messages, tools: native!.tools(history.messages) } : { messages };
  }

  private measure(request: PreparedRequest): number {
    return this.meter.estimate(measured(request));
  }

  private budget(): ContextBudget {
    const tools = this.nativeMode ? this.options.native!.tools(this.options.history.messages) : undefined;
    const systemTokens = this.measure({ messages: [{ role: 'system', content: this.systemPrompt }], ...(tools && { tools }) });
    return contextBudget(this.currentWindow?.tokens ?? Number.MAX_SAFE_INTEGER, systemTokens, this.options.maxObservationChars);
  }
}

/** A request's messages, and its tools as one more message: their schemas take prompt tokens too. */
function measured({ messages, tools }: PreparedRequest): ChatMessage[] {
  return tools ? [...messages, { role: 'system', content: JSON.stringify(tools) }] : messages;
}
