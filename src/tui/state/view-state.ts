import type { ContextUsage } from '../../agent/events.js';
import { NO_USAGE, type UsageTotals } from '../../agent/usage/usage-totals.js';
import type { AlwaysChoice } from '../../agent/approval/permissions/always-choices.js';
import type { Preview } from '../../kit/tool/preview.js';
import type { ToolResultDetails } from '../../workspace/tool-result-details.js';

/**
 * A finished piece of the transcript. Entries never change; they are printed once (Ink's <Static>),
 * and again, whole, when a key folds or unfolds them (Ctrl-O, Ctrl-T).
 */
export type Entry =
  | { kind: 'user'; id: string; text: string }
  | { kind: 'thought'; id: string; text: string }
  /**
   * A reply whose tool call could not be read: what the model wrote, and why it was asked again (`tool`:
   * the failed call's own entry follows). `folded`: the line shown folded, the first after the thought shown above it.
   */
  | { kind: 'unreadable'; id: string; reply: string; problem: string; tool?: string; folded: string }
  /** `label`: the call as one line, as its tool describes it; `details`: what its tool said of the result for the screen. */
  | { kind: 'tool'; id: string; name: string; label: string; ok: boolean; durationMs: number; output: string; details?: ToolResultDetails }
  /** `interrupted`: the part of a reply that was shown before Esc cut it short. */
  | { kind: 'answer'; id: string; text: string; continues: boolean; interrupted?: boolean }
  | { kind: 'notice'; id: string; tone: NoticeTone; text: string }
  | { kind: 'output'; id: string; title: string; text: string; format: OutputFormat }
  /** `preview`: what was approved, kept on screen. */
  | { kind: 'decision'; id: string; title: string; approved: boolean; preview?: Preview };

export type NoticeTone = 'info' | 'warning' | 'error';
/** `diff`: a session's file diffs (engines/checkpoints/describe-changes.ts), coloured line by line. */
export type OutputFormat = 'text' | 'markdown' | 'json' | 'diff';

export type Status = 'ready' | 'thinking' | 'streaming' | 'running' | 'waiting';

export interface RunningTool {
  id: string;
  name: string;
  /** The call as one line, as its tool describes it. */
  label: string;
  startedAt: number;
  progress?: string;
  /** The sub-agents the call runs now (the subagent tool), in the order they started. */
  subagents?: RunningSubagent[];
}

export interface RunningSubagent {
  /** `scout#1`. */
  label: string;
  task: string;
  startedAt: number;
  /** What it does now: the call it runs (`read_file src/app.ts`), or `thinking`. */
  step: string;
}

export interface PendingConfirmation {
  id: string;
  tool: string;
  title: string;
  preview: Preview;
  /** What answering "always" may allow, narrowest first. */
  always: AlwaysChoice[];
}

export interface ViewState {
  entries: Entry[];
  status: Status;
  /** Raw text of the reply being streamed (markers and control characters included; the view splits it). */
  stream: string;
  /** Reasoning of the reply being streamed, from the server's thinking field or a `<think>` block. */
  thinking: string;
  /** Characters at the start of the streamed answer already moved into `entries`. */
  committedAnswer: number;
  /** Since when the model call under way has sent nothing; undefined between calls. */
  modelSilentSince?: number;
  running?: RunningTool;
  confirmation?: PendingConfirmation;
  /** Messages typed while the agent works; they reach the model before its next call. */
  queued: string[];
  /** The session's model calls so far: tokens and cost. */
  usage: UsageTotals;
  /** How full the model's context was after the latest call. */
  context?: ContextUsage;
  toolCalls: number;
  /** Lines of streamed answer the live area may hold before the head moves into the transcript. */
  liveAnswerLines: number;
  nextId: number;
}

export function initialViewState(options: { entries?: Entry[]; liveAnswerLines?: number } = {}): ViewState {
  return {
    entries: options.entries ?? [],
    status: 'ready',
    stream: '',
    thinking: '',
    committedAnswer: 0,
    queued: [],
    usage: NO_USAGE,
    toolCalls: 0,
    liveAnswerLines: options.liveAnswerLines ?? 12,
    nextId: options.entries?.length ?? 0,
  };
}
