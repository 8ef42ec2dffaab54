import { costOf, type PriceOf } from '../llm/pricing/model-price.js';
import { maskStructured } from '../safety/mask-structured.js';
import type { SecretRegistry } from '../safety/secret-registry.js';
import { StreamMasker } from '../safety/stream-masker.js';
import type { SessionStore } from '../workspace/session-store.js';
import type { AgentEvent, EmitEvent } from './events.js';
import { streamedReplyAfter } from './streamed-reply.js';
import { UsageLedger } from './usage/usage-ledger.js';

/** The events that carry a streamed reply piece by piece. */
const STREAMED = ['thinking_delta', 'text_delta'] as const;

export type AgentListener = (event: AgentEvent) => void;

/**
 * The session's events on their way out: a model call's usage priced; masked once, so that every
 * subscriber and the session file get the same masked event; counted (tokens and cost, tool calls);
 * recorded; handed to every listener.
 * Streamed text goes through a StreamMasker each, so that no secret shows split across deltas; what
 * one holds back goes out before any other event.
 */
export class AgentEvents {
  private readonly listeners = new Set<AgentListener>();
  private readonly streams: Record<(typeof STREAMED)[number], StreamMasker>;
  private readonly ledger = new UsageLedger();
  private readonly toolCallCounts = new Map<string, number>();
  /** What has streamed of the model reply under way, kept should a cancel cut it short. */
  private streamed = '';

  constructor(
    private readonly session: Pick<SessionStore<AgentEvent>, 'recordEvent'>,
    private readonly secrets: SecretRegistry,
    /** The price of a provider's model; without, every call's cost is unknown. */
    private readonly priceOf: PriceOf = () => undefined,
    /** The events a resumed session recorded before: their calls are the session's too. */
    earlier: readonly AgentEvent[] = [],
  ) {
    for (const event of earlier) this.ledger.record(event);
    this.streams = { thinking_delta: new StreamMasker(secrets), text_delta: new StreamMasker(secrets) };
  }

  /** The tokens and cost of every model call so far, sub-agents' and compactions' too, each with a line of its own. */
  get usage(): Pick<UsageLedger, 'total' | 'lines'> {
    return this.ledger;
  }

  get callCounts(): ReadonlyMap<string, number> {
    return this.toolCallCounts;
  }

  get streamedReply(): string {
    return this.streamed;
  }

  subscribe(listener: AgentListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  readonly emit: EmitEvent = (unmasked) => {
    this.streamed = streamedReplyAfter(this.streamed, unmasked);
    for (const type of STREAMED) {
      if (unmasked.type !== type) this.deliverDelta(type, this.streams[type].flush());
    }
    if (unmasked.type === 'text_delta' || unmasked.type === 'thinking_delta') {
      this.deliverDelta(unmasked.type, this.streams[unmasked.type].push(unmasked.text));
      return;
    }
    this.deliver(maskStructured(this.priced(unmasked), { secrets: this.secrets, shapes: false }));
  };

  /** A usage event (a sub-agent's too) with the cost of its call, when it names the model that answered. */
  private priced(event: AgentEvent): AgentEvent {
    if (event.type === 'subagent') return { ...event, event: this.priced(event.event) };
    if (event.type !== 'usage' || event.costUsd !== undefined || event.provider === undefined || event.model === undefined) return event;
    const price = this.priceOf(event.provider, event.model);
    return { ...event, costUsd: price ? costOf(event, price) : null };
  }

  private deliverDelta(type: (typeof STREAMED)[number], text: string): void {
    if (text) this.deliver({ type, text });
  }

  private deliver(event: AgentEvent): void {
    // Sub-agents' tokens are the session's too.
    this.ledger.record(event);
    if (event.type === 'tool_call') {
      this.toolCallCounts.set(event.name, (this.toolCallCounts.get(event.name) ?? 0) + 1);
    }
    this.session.recordEvent(event);
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A front end's failure must not stop the run or hide the event from the others.
      }
    }
  }
}
