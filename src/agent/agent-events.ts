import type { Usage } from '../llm/chat-model.js';
import { maskStructured } from '../safety/mask-structured.js';
import type { SecretRegistry } from '../safety/secret-registry.js';
import { StreamMasker } from '../safety/stream-masker.js';
import type { SessionStore } from '../workspace/session-store.js';
import type { AgentEvent, EmitEvent } from './events.js';
import { streamedReplyAfter } from './streamed-reply.js';
import { innermostEvent } from './subagents/innermost-event.js';

/** The events that carry a streamed reply piece by piece. */
const STREAMED = ['thinking_delta', 'text_delta'] as const;

export type AgentListener = (event: AgentEvent) => void;

/**
 * The session's events on their way out: masked once, so that every subscriber and the session file
 * get the same masked event; counted (tokens, tool calls); recorded; handed to every listener.
 * Streamed text goes through a StreamMasker each, so that no secret shows split across deltas; what
 * one holds back goes out before any other event.
 */
export class AgentEvents {
  private readonly listeners = new Set<AgentListener>();
  private readonly streams: Record<(typeof STREAMED)[number], StreamMasker>;
  private readonly totalUsage: Usage = { inputTokens: 0, outputTokens: 0 };
  private readonly toolCallCounts = new Map<string, number>();
  /** What has streamed of the model reply under way, kept should a cancel cut it short. */
  private streamed = '';

  constructor(
    private readonly session: Pick<SessionStore<AgentEvent>, 'recordEvent'>,
    private readonly secrets: SecretRegistry,
  ) {
    this.streams = { thinking_delta: new StreamMasker(secrets), text_delta: new StreamMasker(secrets) };
  }

  /** The tokens of every model call so far, sub-agents' too. */
  get usage(): Readonly<Usage> {
    return this.totalUsage;
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
    this.deliver(maskStructured(unmasked, { secrets: this.secrets, shapes: false }));
  };

  private deliverDelta(type: (typeof STREAMED)[number], text: string): void {
    if (text) this.deliver({ type, text });
  }

  private deliver(event: AgentEvent): void {
    // Sub-agents' tokens are the session's too.
    const counted = innermostEvent(event);
    if (counted.type === 'usage') {
      this.totalUsage.inputTokens += counted.inputTokens;
      this.totalUsage.outputTokens += counted.outputTokens;
    }
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
