import { randomUUID } from 'node:crypto';
import type { EmitEvent, RunEndReason } from './events.js';
import type { ChatMessage } from '../llm/chat-message.js';
import type { ChatModel } from '../llm/chat-model.js';
import { callModel } from './call-model.js';
import type { ConversationContext } from './context/conversation-context.js';
import { parseReply, type ParsedReply } from './parse-reply.js';
import { replyToolsOf, type ReplyTools } from './reply/reply-tools.js';
import { registerSecretArguments } from './secret-arguments.js';
import { stripThinking } from './reply/thinking.js';
import { formatObservation } from './observation.js';
import { runToolCall } from './approval/run-tool-call.js';
import type { ToolCallDeps } from './approval/tool-call-deps.js';
import { isAbortError } from './abort.js';
import { ToolFailureStreaks, unreadableRepliesError } from './tool-failure-streaks.js';
import { runNativeTurn } from './native-turn.js';

export interface LoopLimits {
  maxTurns: number;
  observationLimit: number;
}

export interface LoopOptions extends Omit<ToolCallDeps, 'emit' | 'signal' | 'callCounts' | 'failureStreaks' | 'observationLimit'> {
  model: () => ChatModel;
  /** Builds each request from the history, inside the model's context window. */
  conversation: ConversationContext;
  /** Adds a message to the history and persists it before the loop goes on. */
  record(message: ChatMessage): void;
  /**
   * Messages the user typed while the run was busy. They reach the model before its next call; typed
   * while it wrote its answer, right after that answer, and the run goes on with them.
   */
  takeSteering(): string[];
  /** What has streamed of the model reply under way; empty between model calls. */
  streamedReply(): string;
  /** Saves a reply a cancel cut short, for the transcript only: it never enters the history the model is sent. */
  recordInterrupted(text: string): void;
  signal: AbortSignal;
  emit: EmitEvent;
  limits: LoopLimits;
}

export interface RunSummary {
  reason: RunEndReason;
  turns: number;
  toolCalls: number;
  answer?: string;
}

const EMPTY_REPLY_NOTE = 'Your reply was empty. Answer with "Thought: … ACTION: tool({…})" or "Final Answer: …".';
const THOUGHT_ONLY_NOTE = 'You wrote a Thought but neither an ACTION nor a Final Answer. Continue with one of them.';
const UNCLOSED_THINKING_NOTE =
  'Your reply ended inside a <think> block, so it had neither an ACTION nor a Final Answer. Close your ' +
  'thinking with </think>, then answer with "ACTION: tool({…})" or "Final Answer: …".';
const THOUGHT_PREFIX = /^thought[ \t]*:\s*/i;

function onlyFirstRan(first: string, later: readonly string[]): string {
  const calls = `${later.length} more tool call${later.length === 1 ? '' : 's'} (${later.join(', ')})`;
  return `Note: your reply held ${calls} after ${first}; only ${first} ran. Write one ACTION per reply and wait for its Observation.`;
}

/** One run of the ReAct loop: from the user's input to an answer, a limit, an error or a cancel. */
export async function runLoop(input: string, options: LoopOptions): Promise<RunSummary> {
  const { emit, signal, limits } = options;
  const callCounts = new Map<string, number>();
  const failureStreaks = new ToolFailureStreaks();
  const replyTools = replyToolsOf(options.tools);
  let turns = 0;
  let toolCalls = 0;
  let nudgedAboutThought = false;
  const end = (reason: RunEndReason, answer?: string): RunSummary => {
    emit({ type: 'run_end', reason, turns, toolCalls });
    return { reason, turns, toolCalls, answer };
  };
  const stop = (problem: string): RunSummary => {
    emit({ type: 'error', message: unreadableRepliesError(problem) });
    return end('error');
  };

  const recordUserMessages = (texts: readonly string[]) => {
    for (const text of texts) options.record({ role: 'user', content: text });
  };

  const observationLimit = () => Math.min(limits.observationLimit, options.conversation.observationLimit());
  /** The run's answer, or undefined when messages typed meanwhile are answered next. */
  const answered = (answer: string): RunSummary | undefined => {
    emit({ type: 'answer', text: answer });
    // A message typed while the answer streamed is a follow-up: answered now, not left queued.
    const followUps = options.takeSteering();
    if (followUps.length === 0) return end('answer', answer);
    recordUserMessages(followUps);
    return undefined;
  };

  emit({ type: 'run_start', runId: randomUUID(), input });
  options.record({ role: 'user', content: input });
  try {
    while (turns < limits.maxTurns) {
      signal.throwIfAborted();
      recordUserMessages(options.takeSteering());
      turns += 1;
      emit({ type: 'turn_start', turn: turns });

      const response = await callModel(options.model(), options.conversation, signal, emit);
      if (options.conversation.native) {
        const calls = { ...options, emit, signal, callCounts, failureStreaks, observationLimit: observationLimit() };
        const turn = await runNativeTurn(response, { calls, replyTools, record: options.record, unclosedThinkingNote: UNCLOSED_THINKING_NOTE });
        const summary = 'answer' in turn ? answered(turn.answer) : undefined;
        if (summary) return summary;
        if ('ran' in turn) toolCalls += turn.ran;
        if ('ran' in turn && turn.unreadable) return stop(turn.unreadable);
        continue;
      }
      const reply = parseReply(response.text, replyTools);
      if (reply.kind === 'call') registerSecretArguments(options.tools, reply.name, reply.args, options.context.secrets);
      const reasoning = [response.thinking?.trim(), reply.thinking].filter(Boolean).join('\n\n');
      if (reasoning) emit({ type: 'thought', text: reasoning });
      // Reasoning is shown and saved as a thought; sent back, it would only fill the window.
      const written = stripThinking(response.text);
      options.record({ role: 'assistant', content: written });
      if (reply.thought) emit({ type: 'thought', text: reply.thought });
      const unreadable = isUnreadable(reply, replyTools);
      if (unreadable) {
        if (reply.kind === 'bad_call')
          emit({ type: 'call_unreadable', reply: written, problem: reply.problem, ...(reply.name !== undefined && { tool: reply.name }) });
      } else failureStreaks.replyRead();
      if (reply.kind === 'bad_call' && reply.name === undefined) {
        options.record({
          role: 'user',
          content: formatObservation(`Error: could not read a tool call in your reply: ${reply.problem}. Or give your Final Answer.`),
        });
        if (failureStreaks.replyUnreadable()) return stop(reply.problem);
        continue;
      }
      if (reply.kind === 'answer') {
        if (reply.text === '') {
          const note = reply.unclosedThinking ? UNCLOSED_THINKING_NOTE : EMPTY_REPLY_NOTE;
          options.record({ role: 'user', content: formatObservation(note) });
          continue;
        }
        // A model that stops after its Thought usually meant to go on; ask once, then take the text.
        if (THOUGHT_PREFIX.test(reply.text) && !nudgedAboutThought) {
          nudgedAboutThought = true;
          options.record({ role: 'user', content: formatObservation(THOUGHT_ONLY_NOTE) });
          continue;
        }
        const summary = answered(reply.text.replace(THOUGHT_PREFIX, ''));
        if (summary) return summary;
        continue;
      }

      toolCalls += 1;
      const name = reply.name ?? '';
      const call = reply.kind === 'call' ? { name, args: reply.args } : { name, problem: reply.problem };
      const output = await runToolCall(call, {
        ...options,
        emit,
        signal,
        callCounts,
        failureStreaks,
        observationLimit: observationLimit(),
      });
      const later = reply.kind === 'call' ? reply.laterCalls : undefined;
      options.record({ role: 'user', content: formatObservation(later ? `${output}\n\n${onlyFirstRan(name, later)}` : output) });
      if (unreadable && failureStreaks.replyUnreadable()) return stop(reply.kind === 'bad_call' ? reply.problem : `unknown tool "${name}"`);
    }
    emit({ type: 'error', message: `Stopped after ${limits.maxTurns} turns, the turn limit of this run.` });
    return end('limit');
  } catch (error) {
    if (isAbortError(error, signal)) {
      keepInterruptedReply(options);
      return end('cancelled');
    }
    emit({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    return end('error');
  }
}

/** A call the model must write again: unreadable, or to a tool the session does not have. */
function isUnreadable(reply: ParsedReply, tools: ReplyTools): boolean {
  return reply.kind === 'bad_call' || (reply.kind === 'call' && tools.resolve(reply.name) === undefined);
}

/** What had streamed of a reply when the run was cancelled is kept for the transcript, as it was shown. */
function keepInterruptedReply(options: LoopOptions): void {
  const text = options.streamedReply();
  if (text.trim() === '') return;
  options.recordInterrupted(text);
  options.emit({ type: 'reply_interrupted', text });
}
