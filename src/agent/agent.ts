import path from 'node:path';
import type { SendOptions } from '../kit/slash/slash-command.js';
import type { ContextUsage, EmitEvent } from './events.js';
import type { ChatMessage } from '../llm/chat-message.js';
import type { ChatModel, ContextWindow } from '../llm/chat-model.js';
import type { UsageLine } from './usage/usage-ledger.js';
import type { UsageTotals } from './usage/usage-totals.js';
import { maskText } from '../safety/mask-text.js';
import { describeTool } from './tool-reference.js';
import { nativeToolsOf } from './native-tool-schemas.js';
import type { EngineContext } from '../kit/tool/engine-context.js';
import type { AnyTool, ModelCategory } from '../kit/tool/tool.js';
import type { TaskInfo } from '../kit/tool/task-list.js';
import type { SessionRecord } from '../workspace/session-store.js';
import { createSessionState, type SessionState } from '../kit/tool/session-state.js';
import { runLoop, type LoopOptions, type RunSummary } from './run-loop.js';
import { abortError } from './abort.js';
import type { Compaction } from './compaction/compact-history.js';
import { ConversationContext } from './context/conversation-context.js';
import type { AgentEvents, AgentListener } from './agent-events.js';
import type { AgentOptions } from './agent-options.js';
import { type AgentParts, agentParts } from './agent-parts.js';
import type { CallGuard } from './approval/call-guard.js';
import type { AlwaysAnswer, Confirmations } from './approval/confirmations.js';
import { type PermissionMode, nextPermissionMode } from './approval/permissions/permission-mode.js';
import { parsePermissionRules } from './approval/permissions/permission-rule-match.js';
import type { SessionApproval } from './approval/permissions/session-approvals.js';
import type { SessionModels } from './session-models.js';
import { ConfirmationQueue } from './subagents/confirmation-queue.js';
import type { SubagentEnvironment } from './subagents/run-subagent.js';
import { SubagentRunner } from './subagents/subagent-runner.js';
import { SessionTasks } from './tasks/session-tasks.js';
import type { ManagedServer } from '../engines/api-server/managed-server.js';
import type { SessionCheckpoints } from '../engines/checkpoints/session-checkpoints.js';
import type { McpServerStatus } from '../mcp/client/mcp-server-status.js';

/** What a message sent by a custom command brings for its run: more allow rules, another model (or `quick` / `deep`). */
/** One conversation. Front ends use only its public methods and the events it emits. */
export class Agent {
  private readonly steering: string[] = [];
  private readonly toolState: SessionState = createSessionState();
  private readonly backgroundTasks: SessionTasks;
  private readonly conversation: ConversationContext;
  private controller: AbortController | undefined;
  private readonly subagentEnvironment: SubagentEnvironment;
  /** Aborted by dispose: confirmations of sub-agents still waiting then end. */
  private readonly ending = new AbortController();
  private readonly events: AgentEvents;
  private readonly models: SessionModels;
  private readonly guard: CallGuard;
  private readonly confirmations: Confirmations;
  private readonly emit: EmitEvent;

  /** `parts`: as `open-agent.ts` composes them; made from `options` when not given. */
  constructor(
    private readonly options: AgentOptions,
    parts: AgentParts = agentParts(options),
  ) {
    ({ events: this.events, models: this.models, guard: this.guard, confirmations: this.confirmations } = parts);
    this.emit = this.events.emit;
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
      tools,
      describeTools: (names) =>
        names
          .flatMap((name) => {
            const tool = tools.get(name);
            return tool ? [describeTool(tool)] : [];
          })
          .join('\n\n'),
      maxObservationChars: options.limits.observationLimit,
      emit: this.emit,
      summaryModel: () => this.modelFor('quick'),
      ...(options.nativeSystemPrompt !== undefined && {
        native: { systemPrompt: options.nativeSystemPrompt, tools: (history) => nativeToolsOf(tools.list(), history) },
      }),
    });
    let subagentRuns = 0;
    this.subagentEnvironment = {
      tools,
      createModel: (category, emit) => this.models.forSubagent(category, emit),
      summaryModel: () => this.modelFor('quick'),
      prompt: (profile, profileTools) => options.subagents!.prompt(profile, profileTools),
      sessionFile: fileLabel,
      nextNumber: () => ++subagentRuns,
      confirmations: new ConfirmationQueue((request) => this.confirmations.wait(request, this.ending.signal), this.emit),
    };
  }

  /** The model `models:` routes a category of work to; the session's model where the category is unset. */
  modelFor(category: ModelCategory): ChatModel {
    return this.models.modelFor(category);
  }

  get sessionId(): string {
    return this.options.session.id;
  }

  get busy(): boolean {
    return this.controller !== undefined;
  }

  get currentModel(): { provider: string; model: string } {
    const { provider, model } = this.models.current;
    return { provider, model };
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

  /** The tokens and cost of the session's model calls, with a line for its own, each sub-agent's and each compaction's. */
  get usage(): { total: UsageTotals; lines: UsageLine[] } {
    const { total, lines } = this.events.usage;
    return { total, lines };
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
    await this.conversation.learnWindow(this.models.current, signal);
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
    return this.events.callCounts;
  }

  /** What is approved without asking; the next tool call follows a change at once. */
  get permissionMode(): PermissionMode {
    return this.guard.permissions.mode;
  }

  set permissionMode(mode: PermissionMode) {
    this.guard.permissions.mode = mode;
  }

  /** Shift+Tab: the next mode of the cycle (yolo only for a session started in it). */
  cyclePermissionMode(): PermissionMode {
    const { permissions } = this.guard;
    permissions.mode = nextPermissionMode(permissions.mode, this.options.permissions?.mode ?? 'ask');
    return permissions.mode;
  }

  subscribe(listener: AgentListener): () => void {
    return this.events.subscribe(listener);
  }

  async send(text: string, options: SendOptions = {}): Promise<RunSummary> {
    if (this.controller) throw new Error('A run is already in progress; use steer() to add to it.');
    const controller = new AbortController();
    this.controller = controller;
    const { session, tools, limits, toolLimits = {} } = this.options;
    const runModel = options.model === undefined ? undefined : this.models.named(options.model);
    const currentModel = () => runModel ?? this.models.current;
    const { permissions } = this.guard;
    const runRules = parsePermissionRules(options.allow ?? []);
    permissions.allow.push(...runRules);
    const record = (message: ChatMessage) =>
      session.recordMessage({
        ...message,
        content: this.maskKnown(message.content),
        ...(message.toolCalls && { toolCalls: message.toolCalls.map((call) => ({ ...call, arguments: this.maskKnown(call.arguments) })) }),
      });
    // Tasks that ended while the session was idle are told before the new message, which the model answers.
    for (const note of this.backgroundTasks.takeNotes()) record({ role: 'user', content: note });
    try {
      const loop: LoopOptions = {
        model: currentModel,
        conversation: this.conversation,
        record,
        takeSteering: () => [...this.steering.splice(0), ...this.backgroundTasks.takeNotes()],
        streamedReply: () => this.events.streamedReply,
        recordInterrupted: (text) => session.recordInterruptedReply(this.maskKnown(text)),
        signal: controller.signal,
        emit: this.emit,
        limits,
        tools,
        callLimit: (tool: AnyTool) => toolLimits[tool.name] ?? tool.callLimit,
        confirm: (request) => this.confirmations.wait(request, controller.signal),
        approvedThisSession: (subject, preview, hookFiles) => this.confirmations.earlier.approving(subject, preview, hookFiles),
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
      permissions.allow = permissions.allow.filter((rule) => !runRules.includes(rule));
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
      return await this.conversation.compact(this.models.current, 'manual', controller.signal);
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

  /** Answers a confirmation, "always" for the session or the project: see `Confirmations.respond`. */
  respond(confirmationId: string, approved: boolean, answer: AlwaysAnswer = {}): void {
    this.confirmations.respond(confirmationId, approved, answer);
  }

  /** What "always, this session" answers allow, in the order given. */
  get sessionApprovals(): SessionApproval[] {
    return this.confirmations.earlier.list();
  }

  /** Takes back a session approval (by its index in `sessionApprovals`): what it allowed is asked about again. */
  revokeSessionApproval(index: number): SessionApproval | undefined {
    return this.confirmations.earlier.remove(index);
  }

  /** The allow and deny rules in force: both config files' (a project's allow rules only in a trusted folder) and "always in this project" answers. */
  get permissionRules(): { allow: string[]; deny: string[] } {
    const { allow, deny } = this.guard.permissions;
    return { allow: allow.map((rule) => rule.text), deny: deny.map((rule) => rule.text) };
  }

  /** Ends the conversation: stops what tools left running (background tasks and every process they started, webhook listeners), the MCP servers and the API's server. */
  async dispose(): Promise<void> {
    this.cancel();
    this.ending.abort(abortError());
    await Promise.all([this.backgroundTasks.stopAll(), this.toolState.webhooks.dispose(), this.options.mcpServers?.close(), this.options.apiServer?.dispose()]);
  }

  setModel(provider: string, model: string): void {
    this.models.switchTo(provider, model);
  }

  /** Registered values only: shapes would mangle the code and tool output the model reads and edits. */
  private maskKnown(text: string): string {
    return maskText(text, { secrets: this.options.secrets, shapes: false });
  }
}
