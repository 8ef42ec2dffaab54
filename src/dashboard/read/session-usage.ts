// The tokens and cost of a session's model calls, from the `usage` events its file records (each
// priced when it was made). The file may be edited or cut: an event whose fields do not read is left out.
import type { AgentEvent } from '../../agent/events.js';
import { type UsageLine, UsageLedger } from '../../agent/usage/usage-ledger.js';
import type { UsageTotals } from '../../agent/usage/usage-totals.js';
import { parseSessionLine } from './session-record.js';

export interface SessionUsage {
  total: UsageTotals;
  lines: UsageLine[];
}

/** Undefined when the lines hold no model call. */
export function readSessionUsage(lines: readonly string[]): SessionUsage | undefined {
  const ledger = new UsageLedger();
  for (const line of lines) {
    const record = parseSessionLine(line);
    const event = record?.kind === 'event' ? countedEvent(record.event) : undefined;
    if (event) ledger.record(event);
  }
  return ledger.total.calls > 0 ? { total: ledger.total, lines: ledger.lines } : undefined;
}

/** A usage event (in its sub-agents' wrappers) or a compaction, as the ledger counts them; undefined for any other or unreadable one. */
function countedEvent(value: unknown): AgentEvent | undefined {
  if (!isFields(value)) return undefined;
  if (value.type === 'compaction')
    return { type: 'compaction', reason: 'threshold', method: 'summary', replacedMessages: 0, keptMessages: 0, tokensBefore: 0, tokensAfter: 0 };
  if (value.type === 'subagent') {
    const inner = countedEvent(value.event);
    return inner && typeof value.agent === 'string' ? { type: 'subagent', agent: value.agent, profile: String(value.profile), event: inner } : undefined;
  }
  if (value.type !== 'usage' || !isCount(value.inputTokens) || !isCount(value.outputTokens)) return undefined;
  const cost = value.costUsd;
  return {
    type: 'usage',
    inputTokens: value.inputTokens,
    outputTokens: value.outputTokens,
    ...(isCount(value.cachedInputTokens) && { cachedInputTokens: value.cachedInputTokens }),
    ...(isCount(value.cacheWriteTokens) && { cacheWriteTokens: value.cacheWriteTokens }),
    // A file written before calls were priced says nothing of their cost: unknown.
    costUsd: typeof cost === 'number' && Number.isFinite(cost) && cost >= 0 ? cost : null,
    ...(value.purpose === 'compaction' && { purpose: 'compaction' as const }),
  };
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isFields(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
