import type { ChatModel } from '../../llm/chat-model.js';
import { createToolRegistry, type ToolRegistry } from '../../kit/tool/tool-registry.js';
import { createRetryTool, RETRY_TOOL_NAME } from '../retry-tool.js';
import { fitLabel, labelOfCall } from '../../kit/tool/call-label.js';
import { createSessionState } from '../../kit/tool/session-state.js';
import type { SubagentOutcome, SubagentRunOptions } from '../../kit/tool/subagents.js';
import { describeTool } from '../tool-reference.js';
import type { AnyTool, ModelCategory } from '../../kit/tool/tool.js';
import { abortError } from '../abort.js';
import { ConversationContext } from '../context/conversation-context.js';
import type { EmitEvent } from '../events.js';
import { runLoop, type LoopOptions, type RunSummary } from '../run-loop.js';
import type { ToolLookup } from '../approval/tool-call-deps.js';
import type { ConfirmationQueue } from './confirmation-queue.js';
import { subagentHistory } from './subagent-history.js';
import type { SubagentProfile } from './subagent-profile.js';

/** Turns a sub-agent may take, unless the session's own limit is lower. */
export const SUBAGENT_MAX_TURNS = 20;
/** What the observation of a failed run keeps of the last thing it said. */
const LAST_WORDS_CHARS = 2_000;

/** What every sub-agent of a session shares. */
export interface SubagentEnvironment {
  /** The session's tools: a run's registry holds the ones its profile names. */
  tools: ToolLookup;
  /** A model for a category (the session's model when undefined), its retries reported to `emit`. */
  createModel(category: ModelCategory | undefined, emit: EmitEvent): ChatModel;
  /** The model that writes compaction checkpoints. */
  summaryModel(): ChatModel;
  prompt(profile: SubagentProfile, tools: readonly AnyTool[]): Promise<string>;
  /** The session file, as checkpoints name where the full history is. */
  sessionFile: string;
  /** Numbers the runs of the session: scout#1, tester#2, … */
  nextNumber(): number;
  /** Every sub-agent asks the user through it, one at a time. */
  confirmations: ConfirmationQueue;
}

export interface SubagentRun {
  profile: SubagentProfile;
  task: string;
  /** The loop that called the subagent tool: what a run does not replace (approvals, limits, context) it inherits. */
  parent: LoopOptions;
  signal: AbortSignal;
  options: SubagentRunOptions;
  /** Gives the run's tools their own sub-agents, one level deeper. */
  nest(loop: LoopOptions): LoopOptions['context']['subagents'];
}

/**
 * One sub-agent's run: its own conversation (held in memory), prompt, tool registry, model and tool
 * state; its events go to the parent's, wrapped in `subagent` events. Resolves with its answer, or
 * with why it stopped and what it said last; throws only when `signal` aborts.
 */
export async function runSubagent(environment: SubagentEnvironment, run: SubagentRun): Promise<SubagentOutcome> {
  const { profile, parent, signal, options } = run;
  const label = `${profile.name}#${environment.nextNumber()}`;
  let lastError: string | undefined;
  const emit: EmitEvent = (event) => {
    // Deltas would flood the parent's stream; confirmations are announced by the queue, as the session's own.
    if (event.type === 'text_delta' || event.type === 'thinking_delta') return;
    if (event.type === 'confirmation_required' || event.type === 'confirmation_resolved') return;
    if (event.type === 'error') lastError = event.message;
    if (event.type === 'tool_call') options.background?.step(`${label} → ${fitLabel(labelOfCall(event))}`);
    parent.emit({ type: 'subagent', agent: label, profile: profile.name, ...(options.background && { background: true as const }), event });
  };

  const tools: ToolRegistry = createToolRegistry(profile.tools.flatMap((name) => profileTool(name, environment.tools, (inner) => tools.get(inner))));
  const model = environment.createModel(profile.model, emit);
  const history = subagentHistory(`${environment.sessionFile} (among ${label}'s events)`);
  const conversation = new ConversationContext({
    systemPrompt: await environment.prompt(profile, tools.list()),
    history,
    tools,
    describeTools: (names) =>
      names
        .flatMap((name) => tools.get(name) ?? [])
        .map(describeTool)
        .join('\n\n'),
    maxObservationChars: parent.limits.observationLimit,
    emit,
    summaryModel: environment.summaryModel,
  });
  const state = createSessionState();
  const loop: LoopOptions = {
    ...parent,
    model: () => model,
    conversation,
    record: (message) => history.messages.push(message),
    takeSteering: () => [],
    streamedReply: () => '',
    recordInterrupted: () => undefined,
    signal,
    emit,
    limits: { ...parent.limits, maxTurns: Math.min(parent.limits.maxTurns, SUBAGENT_MAX_TURNS) },
    tools,
    confirm: (request) => environment.confirmations.ask({ ...request, title: `${label}: ${request.title}` }, signal),
    context: { ...parent.context, model, session: state },
  };
  loop.context.subagents = run.nest(loop);

  let summary: RunSummary;
  try {
    summary = await runLoop(run.task, loop);
  } finally {
    await state.webhooks.dispose();
  }
  if (summary.reason === 'cancelled') throw signal.reason ?? abortError();
  if (summary.reason === 'answer' && summary.answer !== undefined) return { label, ok: true, text: summary.answer };
  const lastSaid = [...history.messages]
    .reverse()
    .find((message) => message.role === 'assistant')
    ?.content.trim();
  return { label, ok: false, text: describeFailure(label, summary, lastError, lastSaid) };
}

/**
 * A tool of the profile, from the session's. The session's `retry` runs any tool of the session,
 * unseen by the rules that judge it as the call it repeats: a sub-agent's reaches only its own tools.
 */
function profileTool(name: string, session: ToolLookup, own: (name: string) => AnyTool | undefined): AnyTool[] {
  const tool = session.get(name);
  if (!tool) return [];
  return tool.name === RETRY_TOOL_NAME ? [{ ...createRetryTool(own), ...(tool.deferred && { deferred: true }) }] : [tool];
}

function describeFailure(label: string, summary: RunSummary, error: string | undefined, lastSaid: string | undefined): string {
  const why =
    summary.reason === 'limit'
      ? `${label} stopped after ${summary.turns} turns, its limit, without a Final Answer.`
      : `${label} failed: ${error?.replace(/\.$/, '') ?? 'its run ended without an answer'}.`;
  if (!lastSaid) return `${why} It said nothing before that.`;
  const words = lastSaid.length > LAST_WORDS_CHARS ? `${lastSaid.slice(0, LAST_WORDS_CHARS)}…` : lastSaid;
  return `${why} What it said last:\n\n${words}`;
}
