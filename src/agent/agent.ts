import path from 'node:path';
import type { AgentEvent, ContextUsage, EmitEvent } from './events.js';
import type { ChatMessage } from '../llm/chat-message.js';
import type { ChatModel, ContextWindow, Usage } from '../llm/chat-model.js';
import { maskStructured } from '../safety/mask-structured.js';
import { maskText } from '../safety/mask-text.js';
import { StreamMasker } from '../safety/stream-masker.js';
import type { SecretRegistry } from '../safety/secret-registry.js';
import { describeTool } from '../tools/support/tool-reference.js';
import type { EngineContext } from '../tools/engine-context.js';
import type { AnyTool, ModelCategory } from '../tools/tool.js';
import type { Preview } from '../tools/preview.js';
import type { HookSettings, ModelRoutes } from '../config/types.js';
import { addProjectAllowRule } from '../config/project-allow-rule.js';
import type { TaskInfo } from '../tools/support/task-list.js';
import type { SessionRecord, SessionStore } from '../workspace/session-store.js';
import type { VariableScope } from '../workspace/variable-scope.js';
import { createSessionState, type SessionState } from '../tools/support/session-state.js';
import { runLoop, type LoopLimits, type LoopOptions, type RunSummary } from './run-loop.js';
import type { ConfirmationRequest, ToolLookup } from './run-tool-call.js';
import { abortError } from './abort.js';
import type { Compaction } from './compaction/compact-history.js';
import { ConversationContext } from './context/conversation-context.js';
import { streamedReplyAfter } from './streamed-reply.js';
import type { CallGuard } from './call-guard.js';
import { hookScriptFiles } from './hooks/hook-script-files.js';
import { NO_HOOKS } from './hooks/hook-settings.js';
import { type PermissionMode, nextPermissionMode } from './permissions/permission-mode.js';
import type { PermissionSettings } from './permissions/permission-policy.js';
import { parsePermissionRules } from './permissions/permission-rule-match.js';
import type { AlwaysChoice } from './permissions/always-choices.js';
import { type SessionApproval, SessionApprovals } from './permissions/session-approvals.js';
import { routedChoice } from './model-routing.js';
import { ConfirmationQueue } from './subagents/confirmation-queue.js';
import type { SubagentEnvironment } from './subagents/run-subagent.js';
import { innermostEvent } from './subagents/innermost-event.js';
import type { SubagentProfile, SubagentProfiles } from './subagents/subagent-profile.js';
import { SubagentRunner } from './subagents/subagent-runner.js';
import { SessionTasks } from './tasks/session-tasks.js';
import type { McpServers } from '../mcp/client/mcp-servers.js';
import type { ManagedServer } from '../engines/api-server/managed-server.js';
import type { SessionCheckpoints } from '../engines/checkpoints/session-checkpoints.js';
import type { McpServerStatus } from '../mcp/client/mcp-server-status.js';

/** The events that carry a streamed reply piece by piece. */
const STREAMED = ['thinking_delta', 'text_delta'] as const;

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
  /** The session's MCP servers (their tools are among `tools`): listed by `/mcp`, closed by dispose. */
  mcpServers?: McpServers;
  /** `models:` of both config files: the model each category of work runs on. */
  modelRoutes?: ModelRoutes;
  /** The sub-agents the subagent tool may start; none without. */
  subagents?: SubagentSetup;
  /**
   * The mode the session starts in (default `ask`) and the rules that apply (those of an untrusted
   * folder's allow list left out: `projectRulesApply` false, and rules saved by "always in this project"
   * then apply to this session only, which the user is told).
   */
  permissions?: { mode: PermissionMode; allow: readonly string[]; deny: readonly string[]; projectRulesApply?: boolean };
  /** The hooks that run around tool calls (session_start hooks have run when the agent is made). */
  hooks?: HookSettings;
  /** The API's server (`server:` of the project's config): its tool, its log, stopped by dispose. */
  apiServer?: ManagedServer;
  /** The folder is in `trusted_folders` (default: not): see ToolContext.trustedProject. */
  trustedProject?: boolean;
  /** What a trusted project's `.env` adds to the environment of the commands tools and hooks run. */
  commandEnv?: Readonly<Record<string, string>>;
  /** The project's files recorded around each call that may change them; absent when checkpoints are off. */
  checkpoints?: SessionCheckpoints;
}

/** What a message sent by a custom command brings for its run: more allow rules, another model (or `quick` / `deep`). */
export interface SendOptions {
  allow?: readonly string[];
  model?: string;
}

/** Answering "always": for the rest of this session, or from now on in this project (an allow rule in `.falcon/config.yaml`). */
export type AlwaysScope = 'session' | 'project';

export interface SubagentSetup {
  profiles: SubagentProfiles;
  /** A profile's system prompt, for the tools its registry holds. */
  prompt(profile: SubagentProfile, tools: readonly AnyTool[]): Promise<string>;
}

type Listener = (event: AgentEvent) => void;

interface PendingConfirmation {
  tool: string;
  /** What answering "always" may allow. */
  always: AlwaysChoice[];
  /** What any yes approves from now on: see FirstContact. */
  contact?: string;
  resolve(approved: boolean): void;
}

/** An answer "always": which of the confirmation's choices (by index, default the first), and where it holds. */
export interface AlwaysAnswer {
  always?: AlwaysScope;
  choice?: number;
}

/** One conversation. Front ends use only its public methods and the events it emits. */
export class Agent {
  private readonly listeners = new Set<Listener>();
  private readonly steering: string[] = [];
  private readonly pending = new Map<string, PendingConfirmation>();
  private readonly approvedThisSession = new SessionApprovals();
  /** The FirstContact keys of requests the user said yes to. */
  private readonly contacted = new Set<string>();
  private readonly toolCallCounts = new Map<string, number>();
  private readonly totalUsage: Usage = { inputTokens: 0, outputTokens: 0 };
  private readonly toolState: SessionState = createSessionState();
  private readonly backgroundTasks: SessionTasks;
  private readonly conversation: ConversationContext;
  private controller: AbortController | undefined;
  private model: ChatModel;
  /** The provider and model the session runs on, as chosen: routed categories start from it. */
  private choice: ModelChoice;
  /** The models of the routed categories, made on first use. */
  private readonly routedModels = new Map<ModelCategory, ChatModel>();
  private readonly subagentEnvironment: SubagentEnvironment;
  /** Aborted by dispose: confirmations of sub-agents still waiting then end. */
  private readonly ending = new AbortController();
  /** What has streamed of the model reply under way, kept should a cancel cut it short. */
  private streamedReply = '';
  private readonly permissions: PermissionSettings;
  private readonly guard: CallGuard;
  /** Rules of "always in this project" being written to `.falcon/config.yaml`, in order. */
  private projectRulesSaved: Promise<void> = Promise.resolve();

  private readonly streams: Record<(typeof STREAMED)[number], StreamMasker>;

  constructor(private readonly options: AgentOptions) {
    this.streams = { thinking_delta: new StreamMasker(options.secrets), text_delta: new StreamMasker(options.secrets) };
    const { mode = 'ask', allow = [], deny = [] } = options.permissions ?? {};
    const hookFiles = hookScriptFiles(options.hooks ?? NO_HOOKS, options.projectRoot);
    this.permissions = { mode, allow: parsePermissionRules(allow), deny: parsePermissionRules(deny), hookFiles };
    this.guard = { permissions: this.permissions, hooks: options.hooks ?? NO_HOOKS, sessionId: options.session.id };
    this.choice = options.modelChoice ?? {};
    this.model = options.createModel(this.choice, this.emit);
    const { session, tools } = options;
    const fileLabel = path.relative(options.projectRoot, session.file) || session.file;
    this.backgroundTasks = new SessionTasks({
      projectRoot: options.projectRoot,
      folder: path.join(session.folder, 'tasks'),
      mask: (text) => maskText(text, { secrets: options.secrets }),
      onEnd: (task) => this.emit({ type: 'task_end', task }),
    });
    this.conversation = new ConversationContext({
      systemPrompt: options.systemPrompt,
      history: {
        get messages() {
          return session.messages;
        },
        fileLabel,
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
      summaryModel: () => this.modelFor('quick'),
    });
    let subagentRuns = 0;
    this.subagentEnvironment = {
      tools,
      createModel: (category, emit) => {
        const choice = category && routedChoice(options.modelRoutes ?? {}, category, this.choice);
        return options.createModel(choice ?? this.choice, emit);
      },
      summaryModel: () => this.modelFor('quick'),
      prompt: (profile, profileTools) => options.subagents!.prompt(profile, profileTools),
      sessionFile: fileLabel,
      nextNumber: () => ++subagentRuns,
      confirmations: new ConfirmationQueue((request) => this.waitForConfirmation(request, this.ending.signal), this.emit),
    };
  }

  /** The model `models:` routes a category of work to; the session's model where the category is unset. */
  modelFor(category: ModelCategory): ChatModel {
    const choice = routedChoice(this.options.modelRoutes ?? {}, category, this.choice);
    if (!choice) return this.model;
    let model = this.routedModels.get(category);
    if (!model) {
      model = this.options.createModel(choice, this.emit);
      this.routedModels.set(category, model);
    }
    return model;
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

  /**
   * What a slash command reaches an engine with, as a tool does with its `ToolContext`: the project,
   * the session's variables and secrets, and `signal` (its Esc; none: nothing stops the work).
   */
  engineContext(signal: AbortSignal = new AbortController().signal): EngineContext {
    const { projectRoot, variables, secrets } = this.options;
    return { projectRoot, variables, secrets, signal };
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

  /** The session's background tasks, oldest first. */
  get tasks(): readonly TaskInfo[] {
    return this.backgroundTasks.list();
  }

  /** The session's MCP servers, their state and tools. */
  get mcpServers(): McpServerStatus[] {
    return this.options.mcpServers?.list() ?? [];
  }

  /** The API's server, when `.falcon/config.yaml` configures one. */
  get apiServer(): ManagedServer | undefined {
    return this.options.apiServer;
  }

  get callCounts(): ReadonlyMap<string, number> {
    return this.toolCallCounts;
  }

  /** What is approved without asking; the next tool call follows a change at once. */
  get permissionMode(): PermissionMode {
    return this.permissions.mode;
  }

  set permissionMode(mode: PermissionMode) {
    this.permissions.mode = mode;
  }

  /** Shift+Tab: the next mode of the cycle (yolo only for a session started in it). */
  cyclePermissionMode(): PermissionMode {
    this.permissions.mode = nextPermissionMode(this.permissions.mode, this.options.permissions?.mode ?? 'ask');
    return this.permissions.mode;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async send(text: string, options: SendOptions = {}): Promise<RunSummary> {
    if (this.controller) throw new Error('A run is already in progress; use steer() to add to it.');
    const controller = new AbortController();
    this.controller = controller;
    const { session, tools, limits, toolLimits = {} } = this.options;
    const runModel = options.model === undefined ? undefined : this.modelNamed(options.model);
    const currentModel = () => runModel ?? this.model;
    const runRules = parsePermissionRules(options.allow ?? []);
    this.permissions.allow.push(...runRules);
    const record = (message: ChatMessage) => session.recordMessage({ ...message, content: this.maskKnown(message.content) });
    // Tasks that ended while the session was idle are told before the new message, which the model answers.
    for (const note of this.backgroundTasks.takeNotes()) record({ role: 'user', content: note });
    try {
      const loop: LoopOptions = {
        model: currentModel,
        conversation: this.conversation,
        record,
        takeSteering: () => [...this.steering.splice(0), ...this.backgroundTasks.takeNotes()],
        streamedReply: () => this.streamedReply,
        recordInterrupted: (text) => session.recordInterruptedReply(this.maskKnown(text)),
        signal: controller.signal,
        emit: this.emit,
        limits,
        tools,
        callLimit: (tool: AnyTool) => toolLimits[tool.name] ?? tool.callLimit,
        confirm: (request) => this.waitForConfirmation(request, controller.signal),
        approvedThisSession: (subject, preview, hookFiles) => this.approvedThisSession.approving(subject, preview, hookFiles) ?? this.contactedBefore(preview),
        guard: this.guard,
        checkpoints: this.options.checkpoints,
        context: {
          projectRoot: this.options.projectRoot,
          falconHome: this.options.falconHome,
          // A getter: a model switched mid-run reaches the next tool call.
          get model() {
            return currentModel();
          },
          variables: this.options.variables,
          trustedProject: this.options.trustedProject ?? false,
          ...(this.options.commandEnv && { commandEnv: this.options.commandEnv }),
          session: this.toolState,
          secrets: this.options.secrets,
          tasks: this.backgroundTasks,
          modelFor: (category) => this.modelFor(category),
          ...(this.options.apiServer && { apiServer: this.options.apiServer }),
        },
      };
      const { subagents } = this.options;
      if (subagents) loop.context.subagents = new SubagentRunner(this.subagentEnvironment, subagents.profiles, loop, 1);
      const summary = await runLoop(text, loop);
      return summary.answer === undefined ? summary : { ...summary, answer: this.maskKnown(summary.answer) };
    } finally {
      this.controller = undefined;
      this.permissions.allow = this.permissions.allow.filter((rule) => !runRules.includes(rule));
    }
  }

  /** The session's checkpoints (for /undo, /rewind, /diff, /commit, /fork); undefined when they are off. */
  get checkpoints(): SessionCheckpoints | undefined {
    return this.options.checkpoints;
  }

  /** The project folder is in `trusted_folders`: its own custom commands, `.env` and hooks apply. */
  get trustedProject(): boolean {
    return this.options.trustedProject ?? false;
  }

  /** Every record of the session so far, rewound ones too. */
  sessionRecords(): Promise<readonly SessionRecord[]> {
    return this.options.session.readRecords();
  }

  /**
   * Takes the conversation back to just before the user's `message`th message (as the session's
   * checkpoints number them): the next request holds only what came before it. Recorded in the
   * session file; nothing is deleted.
   */
  rewindConversation(message: number): void {
    if (this.controller) throw new Error('A run is in progress; rewind when it has ended.');
    this.options.session.recordRewind(message);
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

  /**
   * Answers a confirmation. `always`: the choice (of those the confirmation offered; the first by
   * default) holds for the rest of the session, or its rules are added to the project's config. A
   * confirmation that offered none is approved this once.
   */
  respond(confirmationId: string, approved: boolean, answer: AlwaysAnswer = {}): void {
    const waiting = this.pending.get(confirmationId);
    if (!waiting) return;
    const choice = answer.always ? waiting.always[answer.choice ?? 0] : undefined;
    if (approved && choice && answer.always === 'project') this.allowInProject(choice.rules);
    else if (approved && choice) this.approvedThisSession.add(waiting.tool, choice);
    if (approved && waiting.contact) this.contacted.add(waiting.contact);
    this.pending.delete(confirmationId);
    waiting.resolve(approved);
  }

  /** What "always, this session" answers allow, in the order given. */
  get sessionApprovals(): SessionApproval[] {
    return this.approvedThisSession.list();
  }

  /** Takes back a session approval (by its index in `sessionApprovals`): what it allowed is asked about again. */
  revokeSessionApproval(index: number): SessionApproval | undefined {
    return this.approvedThisSession.remove(index);
  }

  /** The allow and deny rules in force: both config files' (a project's allow rules only in a trusted folder) and "always in this project" answers. */
  get permissionRules(): { allow: string[]; deny: string[] } {
    return { allow: this.permissions.allow.map((rule) => rule.text), deny: this.permissions.deny.map((rule) => rule.text) };
  }

  /** Ends the conversation: stops what tools left running (background tasks and every process they started, webhook listeners), the MCP servers and the API's server. */
  async dispose(): Promise<void> {
    this.cancel();
    this.ending.abort(abortError());
    await Promise.all([this.backgroundTasks.stopAll(), this.toolState.webhooks.dispose(), this.options.mcpServers?.close(), this.options.apiServer?.dispose()]);
  }

  /** `quick` or `deep` as `models:` routes them, else a model of the session's provider. */
  private modelNamed(name: string): ChatModel {
    if (name === 'quick' || name === 'deep') return this.modelFor(name);
    return this.options.createModel({ ...this.choice, model: name }, this.emit);
  }

  setModel(provider: string, model: string): void {
    this.choice = { provider, model };
    this.model = this.options.createModel(this.choice, this.emit);
    this.routedModels.clear();
  }

  // Masked once here, so that every subscriber and the session file get the same masked event.
  // Streamed text goes through a StreamMasker each, so that no secret shows split across deltas;
  // what one holds back goes out before any other event.
  private readonly emit: EmitEvent = (unmasked) => {
    this.streamedReply = streamedReplyAfter(this.streamedReply, unmasked);
    for (const type of STREAMED) {
      if (unmasked.type !== type) this.deliverDelta(type, this.streams[type].flush());
    }
    if (unmasked.type === 'text_delta' || unmasked.type === 'thinking_delta') {
      this.deliverDelta(unmasked.type, this.streams[unmasked.type].push(unmasked.text));
      return;
    }
    this.deliver(maskStructured(unmasked, { secrets: this.options.secrets, shapes: false }));
  };

  private deliverDelta(type: (typeof STREAMED)[number], text: string): void {
    if (text) this.deliver({ type, text });
  }

  private deliver(event: AgentEvent): void {
    // Sub-agents' tokens are the session's too.
    const counted = innermostEvent(event);
    if (counted.type === 'usage') {
      this.totalUsage.inputTokens += counted.inputTokens;
      this.totalUsage.outputTokens += counted.outputTokens;
    }
    if (event.type === 'tool_call') {
      this.toolCallCounts.set(event.name, (this.toolCallCounts.get(event.name) ?? 0) + 1);
    }
    this.options.session.recordEvent(event);
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A front end's failure must not stop the run or hide the event from the others.
      }
    }
  }

  /**
   * The rules apply at once; saving them is for later sessions, one after the other (each rewrites the
   * file), and a file that cannot take one is a warning.
   */
  private allowInProject(rules: string[]): void {
    this.permissions.allow.push(...parsePermissionRules(rules));
    this.projectRulesSaved = this.projectRulesSaved.then(async () => {
      for (const rule of rules) {
        await addProjectAllowRule(this.options.projectRoot, rule).then(
          () => {
            if (this.options.permissions?.projectRulesApply === false) {
              this.emit({ type: 'warning', message: `${rule} is saved in .falcon/config.yaml, but this folder is not trusted: later sessions apply it once you trust the folder.` });
            }
          },
          (error: unknown) => {
            this.emit({ type: 'warning', message: `The rule ${rule} applies for this session but was not saved: ${(error as Error).message}` });
          },
        );
      }
    });
  }

  /** What an earlier yes to the repository's API under test approves (see FirstContact), as the progress line names it. */
  private contactedBefore(preview: Preview): string | undefined {
    const contact = preview.firstContact;
    return contact?.coveredByYes === true && this.contacted.has(contact.key) ? `requests to ${contact.key} after an earlier yes` : undefined;
  }

  /** Registered values only: shapes would mangle the code and tool output the model reads and edits. */
  private maskKnown(text: string): string {
    return maskText(text, { secrets: this.options.secrets, shapes: false });
  }

  private waitForConfirmation(request: ConfirmationRequest, signal: AbortSignal): Promise<boolean> {
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.pending.delete(request.id);
        reject(abortError());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(request.id, {
        tool: request.tool,
        always: request.always,
        ...(request.preview.firstContact && { contact: request.preview.firstContact.key }),
        resolve: (approved) => {
          signal.removeEventListener('abort', onAbort);
          resolve(approved);
        },
      });
    });
  }
}

