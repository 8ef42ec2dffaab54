import type { AgentEvent } from '../events.js';

export type UsageEvent = Extract<AgentEvent, { type: 'usage' }>;

/** The tokens and cost of some model calls: a session's, a sub-agent's, a compaction's. */
export interface UsageTotals {
  calls: number;
  /** Every prompt token, cached and cache-written ones included. */
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  cacheWriteTokens: number;
  /** USD, not rounded; `null` once a call's price is unknown (never a made-up 0). */
  costUsd: number | null;
}

export const NO_USAGE: UsageTotals = { calls: 0, inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, cacheWriteTokens: 0, costUsd: 0 };

export function addUsage(totals: UsageTotals, event: UsageEvent): UsageTotals {
  const cost = event.costUsd ?? null;
  return {
    calls: totals.calls + 1,
    inputTokens: totals.inputTokens + event.inputTokens,
    outputTokens: totals.outputTokens + event.outputTokens,
    cachedInputTokens: totals.cachedInputTokens + (event.cachedInputTokens ?? 0),
    cacheWriteTokens: totals.cacheWriteTokens + (event.cacheWriteTokens ?? 0),
    costUsd: totals.costUsd === null || cost === null ? null : totals.costUsd + cost,
  };
}

/** `$0.42` (cents; `<$0.01` below a cent but above nothing), or `cost unknown`. */
export function formatCost(costUsd: number | null): string {
  if (costUsd === null) return 'cost unknown';
  if (costUsd > 0 && costUsd < 0.005) return '<$0.01';
  return `$${costUsd.toFixed(2)}`;
}
