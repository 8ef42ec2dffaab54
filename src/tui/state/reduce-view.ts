import { describeCompaction } from '../../agent/compaction/describe-compaction.js';
import { contextUsage } from '../../agent/context/context-meter.js';
import { addUsage } from '../../agent/usage/usage-totals.js';
import type { AgentEvent } from '../../agent/events.js';
import { modelSilentSince } from '../../agent/model-wait.js';
import { terminalSafeValue } from '../../safety/terminal-text.js';
import type { Preview } from '../../kit/tool/preview.js';
import { labelOfCall } from '../../kit/tool/call-label.js';
import { describeTaskEnd } from '../../kit/tool/task-description.js';
import { readToolResultDetails } from '../../workspace/tool-result-details.js';
import { hasMoreLinesThan, safeMarkdownSplit } from './markdown-boundary.js';
import { reduceSubagent } from './reduce-subagent.js';
import { splitStreamingReply } from './split-streaming-reply.js';
import type { Entry, NoticeTone, OutputFormat, ViewState } from './view-state.js';

/** Things the front end itself adds to the view, besides the agent's events. */
export type ViewAction =
  | { type: 'agent'; events: AgentEvent[] }
  | { type: 'user_message'; text: string }
  | { type: 'queued_message'; text: string }
  | { type: 'notice'; tone: NoticeTone; text: string }
  | { type: 'output'; title: string; text: string; format: OutputFormat }
  | { type: 'decision'; id: string; title: string; approved: boolean; preview?: Preview };

type NewEntry = Entry extends infer E ? (E extends Entry ? Omit<E, 'id'> : never) : never;

/**
 * Everything that enters the view is made terminal-safe here, so the view holds no control
 * characters; but the reply being streamed is kept as it came, to be split as the agent splits it
 * (splitStreamingReply makes what it shows terminal-safe).
 */
export function reduceView(state: ViewState, action: ViewAction): ViewState {
  const safe = action.type === 'agent' ? { ...action, events: action.events.map(terminalSafeEvent) } : terminalSafeValue(action);
  return reduceSafeAction(state, safe);
}

function terminalSafeEvent(event: AgentEvent): AgentEvent {
  return event.type === 'text_delta' || event.type === 'reply_interrupted' ? event : terminalSafeValue(event);
}

function reduceSafeAction(state: ViewState, action: ViewAction): ViewState {
  switch (action.type) {
    case 'agent':
      return action.events.reduce(applyEventWithWait, state);
    case 'user_message':
      return append(state, { kind: 'user', text: action.text });
    case 'queued_message':
      return { ...state, queued: [...state.queued, action.text] };
    case 'notice':
      return append(state, { kind: 'notice', tone: action.tone, text: action.text });
    case 'output':
      return append(state, { kind: 'output', title: action.title, text: action.text, format: action.format });
    case 'decision': {
      const { title, approved, preview } = action;
      return append({ ...state, confirmation: undefined }, { kind: 'decision', title, approved, ...(preview && { preview }) });
    }
  }
}

function applyEventWithWait(state: ViewState, event: AgentEvent): ViewState {
  return { ...applyEvent(state, event), modelSilentSince: modelSilentSince(event, state.modelSilentSince, Date.now()) };
}

function applyEvent(state: ViewState, event: AgentEvent): ViewState {
  switch (event.type) {
    case 'run_start':
      return { ...state, status: 'thinking' };
    case 'turn_start': {
      const queued = state.queued.reduce((s, text) => append(s, { kind: 'user', text }), state);
      return { ...queued, queued: [], status: 'thinking', stream: '', thinking: '', committedAnswer: 0 };
    }
    case 'text_delta':
      return commitAnswerHead({ ...state, status: 'streaming', stream: state.stream + event.text });
    case 'thinking_delta':
      return { ...state, status: 'streaming', thinking: state.thinking + event.text };
    case 'thought':
      return append({ ...state, thinking: '' }, { kind: 'thought', text: event.text });
    case 'call_unreadable': {
      const { reply, problem, tool } = event;
      const folded = firstLineAfterThought(reply, state.entries.at(-1));
      return append({ ...state, stream: '', committedAnswer: 0 }, { kind: 'unreadable', reply, problem, folded, ...(tool !== undefined && { tool }) });
    }
    case 'tool_call':
      return {
        ...state,
        stream: '',
        thinking: '',
        status: 'running',
        running: { id: event.id, name: event.name, label: labelOfCall(event), startedAt: Date.now() },
      };
    case 'tool_progress':
      return state.running?.id === event.id ? { ...state, running: { ...state.running, progress: event.message } } : state;
    case 'confirmation_required':
      // A session file written before `always` existed has none.
      return {
        ...state,
        status: 'waiting',
        confirmation: { id: event.id, tool: event.tool, title: event.title, preview: event.preview, always: event.always ?? [] },
      };
    case 'confirmation_resolved':
      return { ...state, status: 'running', confirmation: undefined };
    case 'tool_result': {
      // A result whose call was not seen (a session file cut short) shows the tool's name alone.
      const label = state.running?.id === event.id ? state.running.label : event.name;
      const next = { ...state, running: undefined, status: 'thinking' as const, toolCalls: state.toolCalls + 1 };
      // Details from a session file are read as they may have been changed: a kind the screen knows, with every fact, or none.
      const details = readToolResultDetails(event.details);
      const entry = {
        kind: 'tool' as const,
        name: event.name,
        label,
        ok: event.ok,
        durationMs: event.durationMs,
        output: event.output,
        ...(details && { details }),
      };
      return append(next, entry);
    }
    case 'answer':
      return append({ ...state, stream: '', thinking: '', committedAnswer: 0 }, { kind: 'answer', text: remainingAnswer(state, event.text), continues: false });
    case 'reply_interrupted':
      return keepInterruptedReply(state, event.text);
    case 'retry':
      return append(
        { ...state, stream: '', thinking: '', committedAnswer: 0 },
        {
          kind: 'notice',
          tone: 'warning',
          text: `Retrying in ${(event.delayMs / 1000).toFixed(1)} s (attempt ${event.attempt}): ${event.reason}`,
        },
      );
    case 'provider_switch':
      return append(
        { ...state, stream: '', thinking: '', committedAnswer: 0 },
        {
          kind: 'notice',
          tone: 'warning',
          text: `Switched from ${event.from} to ${event.to}: ${event.reason}`,
        },
      );
    case 'usage':
      return { ...state, usage: addUsage(state.usage, event), context: event.context ?? state.context };
    case 'context_window':
      // Another model (a switch) or an overflow brings another window: the gauge measures against it.
      return { ...state, context: state.context && contextUsage(state.context.used, event.tokens, event.source === 'assumed') };
    case 'compaction':
      return append(
        { ...state, context: state.context && contextUsage(event.tokensAfter, state.context.window, state.context.assumed) },
        { kind: 'notice', tone: 'info', text: describeCompaction(event) },
      );
    case 'error':
      return append(state, { kind: 'notice', tone: 'error', text: event.message });
    case 'subagent':
      return reduceSubagent(state, event);
    case 'warning':
      return append(state, { kind: 'notice', tone: 'warning', text: event.message });
    case 'task_end':
      return append(state, { kind: 'notice', tone: event.task.state === 'failed' ? 'warning' : 'info', text: describeTaskEnd(event.task) });
    case 'run_end': {
      const ended = { ...state, status: 'ready' as const, stream: '', thinking: '', committedAnswer: 0, running: undefined, confirmation: undefined };
      if (event.reason === 'cancelled') {
        // An interrupted reply already ends with the mark.
        const marked = state.entries.at(-1);
        if (marked?.kind === 'answer' && marked.interrupted) return ended;
        return append(ended, { kind: 'notice', tone: 'info', text: 'Interrupted.' });
      }
      if (event.reason === 'limit') return append(ended, { kind: 'notice', tone: 'warning', text: `Stopped after ${event.turns} turns.` });
      return ended;
    }
  }
}

/**
 * The line a folded unreadable reply shows: its first, or, when the thought just shown is its start,
 * the first line after that thought, where the call the model tried begins.
 */
function firstLineAfterThought(reply: string, before: Entry | undefined): string {
  const text = reply.trim();
  const thought = before?.kind === 'thought' ? before.text.trim() : '';
  const at = thought === '' ? -1 : text.indexOf(thought);
  const rest = at < 0 ? text : text.slice(at + thought.length);
  return (rest.split('\n').find((line) => line.trim() !== '') ?? text.split('\n')[0] ?? '').trim();
}

function append(state: ViewState, entry: NewEntry): ViewState {
  const id = `e${state.nextId}`;
  return { ...state, entries: [...state.entries, { ...entry, id } as Entry], nextId: state.nextId + 1 };
}

/** Keeps the live area short: a long streamed answer's finished head moves into the transcript. */
function commitAnswerHead(state: ViewState): ViewState {
  const pending = splitStreamingReply(state.stream, state.committedAnswer).answer;
  if (!hasMoreLinesThan(pending, state.liveAnswerLines)) return state;
  const split = safeMarkdownSplit(pending, 1);
  if (split <= 0) return state;
  const head = pending.slice(0, split).trimEnd();
  const next = { ...state, committedAnswer: state.committedAnswer + split };
  return head ? append(next, { kind: 'answer', text: head, continues: true }) : next;
}

/**
 * What was shown of a reply Esc cut short stays in the transcript, marked: its thought, and its
 * answer minus the head already moved there while it streamed.
 */
function keepInterruptedReply(state: ViewState, text: string): ViewState {
  const reply = splitStreamingReply(text);
  const cleared = { ...state, stream: '', thinking: '', committedAnswer: 0 };
  const withThought = reply.thought ? append(cleared, { kind: 'thought', text: reply.thought }) : cleared;
  const answer = reply.answer.slice(state.committedAnswer).trim();
  return append(withThought, { kind: 'answer', text: answer, continues: false, interrupted: true });
}

/** The final answer minus what was already moved into the transcript while it streamed. */
function remainingAnswer(state: ViewState, text: string): string {
  if (state.committedAnswer === 0) return text;
  const streamed = splitStreamingReply(state.stream).answer;
  const committed = streamed.slice(0, state.committedAnswer).trim();
  return text.startsWith(committed) ? text.slice(committed.length).trim() : text;
}
