import type { AgentEvent } from '../events.js';
import { addUsage, NO_USAGE, type UsageEvent, type UsageTotals } from './usage-totals.js';

/** A part of the session's usage: its own calls, a sub-agent's (`scout#1`), a compaction's. */
export interface UsageLine extends UsageTotals {
  label: string;
}

export const OWN_CALLS = 'session';

/**
 * The session's tokens and cost from its events, with a line for its own calls, one per sub-agent and
 * one per compaction of its history (a sub-agent's compactions are on the sub-agent's line). The
 * calls of a compaction come before its `compaction` event, which closes their line.
 */
export class UsageLedger {
  private totals: UsageTotals = NO_USAGE;
  private readonly byLabel = new Map<string, UsageLine>();
  private compactions = 0;
  private compacting: string | undefined;

  record(event: AgentEvent): void {
    if (event.type === 'compaction') {
      this.compacting = undefined;
      return;
    }
    const [agent, inner] = innermostAgent(event);
    if (inner.type !== 'usage') return;
    this.totals = addUsage(this.totals, inner);
    this.addTo(agent ?? this.ownLabel(inner), inner);
  }

  get total(): UsageTotals {
    return this.totals;
  }

  /** In the order each part first called a model. */
  get lines(): UsageLine[] {
    return [...this.byLabel.values()];
  }

  private ownLabel(event: UsageEvent): string {
    if (event.purpose !== 'compaction') return OWN_CALLS;
    this.compacting ??= `compaction ${++this.compactions}`;
    return this.compacting;
  }

  private addTo(label: string, event: UsageEvent): void {
    const { label: _, ...line } = this.byLabel.get(label) ?? { label, ...NO_USAGE };
    this.byLabel.set(label, { label, ...addUsage(line, event) });
  }
}

/** The sub-agent whose event this is, innermost first (`tester#2` for its own `scout#3`: `scout#3`), and the event. */
function innermostAgent(event: AgentEvent): [string | undefined, AgentEvent] {
  let agent: string | undefined;
  let inner = event;
  while (inner.type === 'subagent') {
    agent = inner.agent;
    inner = inner.event;
  }
  return [agent, inner];
}
