import type { ChatMessage } from '../../llm/chat-message.js';
import type { ContextUsage } from '../events.js';
import { estimateMessageTokens } from './estimate-tokens.js';

/** Past this many calls, an old calibration no longer speaks for the conversation. */
const CALIBRATIONS_KEPT = 3;
/**
 * A count this far below the estimate is not a count of the whole prompt: some Ollama versions report
 * only the tokens not found in their cache, and a prompt cut to fit num_ctx reports what was kept.
 */
const IMPLAUSIBLY_LOW = 0.6;
/** Real tokenizers read English prose at about 4 characters a token: the estimate goes no lower. */
const MIN_CORRECTION = 0.75;
const MAX_CORRECTION = 3;

/**
 * Tokens of a request before it is sent: a conservative character count, corrected by the prompt
 * tokens the server reported for the last calls (the largest recent correction, to stay on the safe side).
 */
export class ContextMeter {
  private corrections: number[] = [];

  estimate(messages: readonly ChatMessage[]): number {
    return Math.ceil(estimateMessageTokens(messages) * this.correction());
  }

  /** Learns from the server's count of a request's prompt tokens. */
  calibrate(messages: readonly ChatMessage[], reportedInputTokens: number): void {
    const raw = estimateMessageTokens(messages);
    if (raw <= 0 || reportedInputTokens < raw * IMPLAUSIBLY_LOW) return;
    const ratio = Math.min(MAX_CORRECTION, Math.max(MIN_CORRECTION, reportedInputTokens / raw));
    this.corrections = [...this.corrections, ratio].slice(-CALIBRATIONS_KEPT);
  }

  private correction(): number {
    return this.corrections.length === 0 ? 1 : Math.max(...this.corrections);
  }
}

export function contextUsage(used: number, window: number, assumed = false): ContextUsage {
  return { used, window, percent: window > 0 ? Math.round((used / window) * 100) : 0, ...(assumed && { assumed: true as const }) };
}
