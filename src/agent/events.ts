// The contract between the core and every front end (docs/ARCHITECTURE.md, "The agent loop and its events"). Events are facts, in order;
// the last event of a run is always `run_end`.
import type { ContextWindowSource, Usage } from '../llm/chat-model.js';
import type { ModelEvent } from '../llm/model-events.js';
import type { Preview } from '../kit/tool/preview.js';
import type { TaskInfo } from '../kit/tool/task-list.js';
import type { AlwaysChoice } from './approval/permissions/always-choices.js';
import type { AnswerEvent, ErrorEvent, ToolCallEvent, ToolResultEvent } from '../workspace/session-events.js';

export type RunEndReason = 'answer' | 'cancelled' | 'limit' | 'error';

/** How full the model's context is: the latest request's tokens against the window. */
export interface ContextUsage {
  used: number;
  window: number;
  /** 0–100, rounded. */
  percent: number;
  /** The window is a guess (nobody said it): `percent` measures against a guess, and must not be shown as a fact. */
  assumed?: true;
}

export type CompactionReason = 'threshold' | 'overflow' | 'manual';
/** `summary`: the model wrote the checkpoint; `transcript`: it did from a plain transcript; `elision`: no model call. */
export type CompactionMethod = 'summary' | 'transcript' | 'elision';

export type AgentEvent =
  | { type: 'run_start'; runId: string; input: string }
  | { type: 'turn_start'; turn: number }
  | { type: 'text_delta'; text: string }
  /** Streamed reasoning: the server's thinking field or a `<think>` block. Never parsed for calls. */
  | { type: 'thinking_delta'; text: string }
  | { type: 'thought'; text: string }
  /**
   * The reply held a tool call that could not be read: `reply` is what the model wrote (its reasoning
   * left out), `problem` what the model is told before it is asked again. `tool`: the tool it named,
   * whose failed call follows as `tool_call` and `tool_result`; absent when no tool could be named.
   */
  | { type: 'call_unreadable'; reply: string; problem: string; tool?: string }
  | ToolCallEvent
  | { type: 'tool_progress'; id: string; message: string }
  /** `always`: what answering "always" may allow (for the session, or saved in `.falcon/config.yaml`), narrowest first. */
  | { type: 'confirmation_required'; id: string; tool: string; title: string; preview: Preview; always: AlwaysChoice[] }
  | { type: 'confirmation_resolved'; id: string; approved: boolean }
  | ToolResultEvent
  | AnswerEvent
  /**
   * A cancel cut the model's reply short: `text` is what had streamed of it (the `text_delta`s since
   * the call last started over). Saved for the transcript and never sent to the model again. Comes
   * right before `run_end` with reason `cancelled`, and only when some text had streamed.
   */
  | { type: 'reply_interrupted'; text: string }
  | ModelEvent
  /**
   * One model call's tokens (cached and cache-written ones are part of `inputTokens`), the model that
   * answered, and what the call cost in USD (src/llm/pricing/): `null` when its price is unknown.
   * `purpose: 'compaction'`: the call wrote a compaction checkpoint.
   */
  | (Usage & { type: 'usage'; provider?: string; model?: string; costUsd?: number | null; purpose?: 'compaction'; context?: ContextUsage })
  | { type: 'context_window'; tokens: number; source: ContextWindowSource; numCtx?: number }
  | {
      type: 'compaction';
      reason: CompactionReason;
      method: CompactionMethod;
      /** Messages of the history the checkpoint stands in for. */
      replacedMessages: number;
      keptMessages: number;
      tokensBefore: number;
      tokensAfter: number;
    }
  | ErrorEvent
  /** Something went wrong beside the run, which goes on: a hook that failed, a rule that could not be saved. */
  | { type: 'warning'; message: string }
  /** A background task ended (by itself, stopped, or with the session), during a run or between runs. */
  | { type: 'task_end'; task: TaskInfo }
  /**
   * An event of a sub-agent's own run, in order: `agent` is the run's label (`scout#1`), `profile` its
   * profile. Its streamed deltas are left out; its confirmations come as the session's own
   * `confirmation_required`, one at a time. `background`: it runs as a task, not under a tool call.
   */
  | { type: 'subagent'; agent: string; profile: string; background?: true; event: AgentEvent }
  | { type: 'run_end'; reason: RunEndReason; turns: number; toolCalls: number };

export type AgentEventType = AgentEvent['type'];

export type EmitEvent = (event: AgentEvent) => void;
