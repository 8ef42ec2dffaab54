// The contract between the core and every front end (DESIGN §2). Events are facts, in order;
// the last event of a run is always `run_end`.
import type { ContextWindowSource } from '../llm/chat-model.js';

export type RunEndReason = 'answer' | 'cancelled' | 'limit' | 'error';

/** What answering "always" approves for the rest of the session; the tool itself when a preview has none. */
export interface ApprovalScope {
  /** Approvals are remembered by key, e.g. `origin:https://api.example.com`. */
  key: string;
  /** As the user reads it: `requests to https://api.example.com`. */
  label: string;
}

export type Preview = (
  /** `why`: when the change of a file is asked about for a reason other than being a change of code. */
  | { kind: 'diff'; path: string; diff: string; isNew: boolean; why?: string }
  | { kind: 'command'; command: string; cwd?: string }
  | { kind: 'info'; title: string; details: string }
) & { always?: ApprovalScope };

/** How full the model's context is: the latest request's tokens against the window. */
export interface ContextUsage {
  used: number;
  window: number;
  /** 0–100, rounded. */
  percent: number;
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
  | { type: 'tool_call'; id: string; name: string; args: unknown }
  | { type: 'tool_progress'; id: string; message: string }
  | { type: 'confirmation_required'; id: string; tool: string; title: string; preview: Preview }
  | { type: 'confirmation_resolved'; id: string; approved: boolean }
  | { type: 'tool_result'; id: string; name: string; ok: boolean; output: string; durationMs: number }
  | { type: 'answer'; text: string }
  /**
   * A cancel cut the model's reply short: `text` is what had streamed of it (the `text_delta`s since
   * the call last started over). Saved for the transcript and never sent to the model again. Comes
   * right before `run_end` with reason `cancelled`, and only when some text had streamed.
   */
  | { type: 'reply_interrupted'; text: string }
  | { type: 'retry'; attempt: number; delayMs: number; reason: string }
  | { type: 'provider_switch'; from: string; to: string; reason: string }
  | { type: 'usage'; inputTokens: number; outputTokens: number; context?: ContextUsage }
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
  | { type: 'error'; message: string }
  | { type: 'run_end'; reason: RunEndReason; turns: number; toolCalls: number };

export type AgentEventType = AgentEvent['type'];

export type EmitEvent = (event: AgentEvent) => void;
