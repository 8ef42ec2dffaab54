import path from 'node:path';
import type { AgentEvent, ContextUsage, EmitEvent } from './events.js';
import type { ChatMessage } from '../llm/chat-message.js';
import type { ChatModel, ContextWindow, Usage } from '../llm/chat-model.js';
import { maskStructured } from '../safety/mask-structured.js';
import { maskText } from '../safety/mask-text.js';
import type { SecretRegistry } from '../safety/secret-registry.js';
import { describeTool } from '../tools/support/tool-reference.js';
import type { AnyTool } from '../tools/tool.js';
import type { SessionStore } from '../workspace/session-store.js';
import type { VariableScope } from '../workspace/variable-scope.js';
import { createSessionState, type SessionState } from '../tools/support/session-state.js';
import { runLoop, type LoopLimits, type RunSummary } from './run-loop.js';
import type { ConfirmationRequest, ToolLookup } from './run-tool-call.js';
import { abortError } from './abort.js';
import type { Compaction } from './compaction/compact-history.js';
import { ConversationContext } from './context/conversation-context.js';
import { streamedReplyAfter } from './streamed-reply.js';

export interface ModelChoice {
  provider?: string;
  model?: string;
}

export interface AgentOptions {
  projectRoot: string;
  /** Falcon's own folder, for the tools that keep facts across projects. */
  falconHome: string;
  tools: ToolLookup;
  systemPrompt: string;
  session: SessionStore<AgentEvent>;
  variables: VariableScope;
  /**
   * The conversation's secrets (the registry `variables` registers in): masked in every event, every
   * message of the history and the answer, so no front end, session file or model sees them.
   */
  secrets: SecretRegistry;
  /** Builds the model for a choice; retry and provider-switch events go to `emit`. */
  createModel(choice: ModelChoice, emit: EmitEvent): ChatModel;
  modelChoice?: ModelChoice;
  limits: LoopLimits;
  /** The project's `tool_limits`; tools not named keep their own default. */
  toolLimits?: Record<string, number>;
}

type Listener = (event: AgentEvent) => void;

interface PendingConfirmation {
  /** What answering "always" approves from now on. */
  scope: string;
  resolve(approved: boolean): void;
}

/** One conversation. Front ends use only its public methods and the events it emits. */
export class Agent {
  private readonly listeners = new Set<Listener>();
  private readonly steering: string[] = [];
  private readonly pending = new Map<string, PendingConfirmation>();
  private readonly alwaysApproved = new Set<string>();
  private readonly toolCallCounts = new Map<string, number>();
  private readonly totalUsage: Usage = { inputTokens: 0, outputTokens: 0 };
  private readonly toolState: SessionState = createSessionState();
  private readonly conversation: ConversationContext;
  private controller: AbortController | undefined;
  private model: ChatModel;
  /** What has streamed of the model reply under way, kept should a cancel cut it short. */
  private streamedReply = '';

  constructor(private readonly options: AgentOptions) {
    this.model = options.createModel(options.modelChoice ?? {}, this.emit);
    const { session, tools } = options;
    this.conversation = new ConversationContext({
      systemPrompt: options.systemPrompt,
      history: {
        get messages() {
          return session.messages;
        },
        fileLabel: path.relative(options.projectRoot, session.file) || session.file,
        get compactionState() {
          return session.compactionState;
        },
        recordCompaction: (replaced, checkpoint, state) => session.recordCompaction(replaced, this.maskKnown(checkpoint), state),
      },
      toolNames: tools.names,
      describeTools: (names) =>
        names.flatMap((name) => {
          const tool = tools.get(name);
          return tool ? [describeTool(tool)] : [];
        }).join('\n\n'),
      maxObservationChars: options.limits.observationLimit,
      emit: this.emit,
    });
  }

  get sessionId(): string {
    return this.options.session.id;
  }

  get busy(): boolean {
    return this.controller !== undefined;
  }

  get currentModel(): { provider: string; model: string } {
    return { provider: this.model.provider, model: this.model.model };
  }

  get variables(): VariableScope {
    return this.options.variables;
  }

  get secrets(): SecretRegistry {
    return this.options.secrets;
  }

  /** The environment `{{VAR}}` placeholders resolve from. */
  get environment(): string | undefined {
    return this.options.variables.environment;
  }

  async useEnvironment(name: string): Promise<void> {
    await this.options.variables.useEnvironment(name);
  }

  get history(): readonly ChatMessage[] {
    return this.options.session.messages;
  }

  get usage(): Readonly<Usage> {
    return this.totalUsage;
  }

  /** How full the model's context was after the latest call; undefined before the first. */
  get contextUsage(): ContextUsage | undefined {
    return this.conversation.usage;
  }

  /** The window requests are fitted into, once learned from the current model. */
  get contextWindow(): ContextWindow | undefined {
    return this.conversation.currentWindow;
  }

  /** Asks the current model for its window now (it is otherwise learned before the first call). */
  async learnContextWindow(signal: AbortSignal): Promise<ContextWindow | undefined> {
    await this.conversation.learnWindow(this.model, signal);
    return this.conversation.currentWindow;
  }

  get tools(): readonly AnyTool[] {
    return this.options.tools.list();
  }

  get callCounts(): ReadonlyMap<string, number> {
    return this.toolCallCounts;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async send(text: string): Promise<RunSummary> {
    if (this.controller) throw new Error('A run is already in progress; use steer() to add to it.');
    const controller = new AbortController();
    this.controller = controller;
    const { session, tools, limits, toolLimits = {} } = this.options;
    const currentModel = () => this.model;
    try {
      const summary = await runLoop(text, {
        model: () => this.model,
        conversation: this.conversation,
        record: (message) => session.recordMessage({ ...message, content: this.maskKnown(message.content) }),
        takeSteering: () => this.steering.splice(0),
        streamedReply: () => this.streamedReply,
        recordInterrupted: (text) => session.recordInterruptedReply(this.maskKnown(text)),
        signal: controller.signal,
        emit: this.emit,
        limits,
        tools,
        callLimit: (tool: AnyTool) => toolLimits[tool.name] ?? tool.callLimit,
        confirm: (request) => this.waitForConfirmation(request, controller.signal),
        context: {
          projectRoot: this.options.projectRoot,
          falconHome: this.options.falconHome,
          // A getter: a model switched mid-run reaches the next tool call.
          get model() {
            return currentModel();
          },
          variables: this.options.variables,
          session: this.toolState,
          secrets: this.options.secrets,
        },
      });
      return summary.answer === undefined ? summary : { ...summary, answer: this.maskKnown(summary.answer) };
    } finally {
      this.controller = undefined;
    }
  }

  /**
   * Replaces the older history with a checkpoint now (`/compact`). Undefined when there is too little
   * to compact. Throws when a run is under way.
   */
  async compact(): Promise<Compaction | undefined> {
    if (this.controller) throw new Error('A run is in progress; compact when it has ended.');
    const controller = new AbortController();
    this.controller = controller;
    try {
      return await this.conversation.compact(this.model, 'manual', controller.signal);
    } finally {
      this.controller = undefined;
    }
  }

  /**
   * Queues a message for the model's next call in the current run: typed while the model writes its
   * answer, it is answered right after it. A run that ends before taking it (cancelled, failed) leaves it
   * for the next.
   */
  steer(text: string): void {
    this.steering.push(text);
  }

  cancel(): void {
    this.controller?.abort(abortError());
  }

  respond(confirmationId: string, approved: boolean, options: { always?: boolean } = {}): void {
    const waiting = this.pending.get(confirmationId);
    if (!waiting) return;
    if (approved && options.always) this.alwaysApproved.add(waiting.scope);
    this.pending.delete(confirmationId);
    waiting.resolve(approved);
  }

  /** Ends the conversation: stops what tools left running (webhook listeners). */
  async dispose(): Promise<void> {
    this.cancel();
    await this.toolState.webhooks.dispose();
  }

  setModel(provider: string, model: string): void {
    this.model = this.options.createModel({ provider, model }, this.emit);
  }

  // Masked once here, so that every subscriber and the session file get the same masked event.
  private readonly emit: EmitEvent = (unmasked) => {
    const event = maskStructured(unmasked, { secrets: this.options.secrets, shapes: false });
    if (event.type === 'usage') {
      this.totalUsage.inputTokens += event.inputTokens;
      this.totalUsage.outputTokens += event.outputTokens;
    }
    if (event.type === 'tool_call') {
      this.toolCallCounts.set(event.name, (this.toolCallCounts.get(event.name) ?? 0) + 1);
    }
    this.streamedReply = streamedReplyAfter(this.streamedReply, event);
    this.options.session.recordEvent(event);
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A front end's failure must not stop the run or hide the event from the others.
      }
    }
  };

  /** Registered values only: shapes would mangle the code and tool output the model reads and edits. */
  private maskKnown(text: string): string {
    return maskText(text, { secrets: this.options.secrets, shapes: false });
  }

  private waitForConfirmation(request: ConfirmationRequest, signal: AbortSignal): Promise<boolean> {
    // "Always" approves what the preview names (an origin, say), else every call of the tool.
    const scope = request.preview.always?.key ?? request.tool;
    if (this.alwaysApproved.has(scope)) return Promise.resolve(true);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.pending.delete(request.id);
        reject(abortError());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(request.id, {
        scope,
        resolve: (approved) => {
          signal.removeEventListener('abort', onAbort);
          resolve(approved);
        },
      });
    });
  }
}
