/** One message as it arrived: its text and when, in ms since the connection opened. */
export interface InboxMessage {
  text: string;
  atMs: number;
}

/** At most this many messages are kept of one connection: a chatty server cannot fill the memory. */
export const MAX_KEPT_MESSAGES = 1_000;

/** The messages of one connection in arrival order, and whether it closed; listeners hear each change. */
export class MessageInbox {
  readonly messages: InboxMessage[] = [];
  dropped = 0;
  closed: { code: number; reason: string } | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly openedAt = performance.now();

  push(text: string): void {
    if (this.messages.length >= MAX_KEPT_MESSAGES) this.dropped += 1;
    else this.messages.push({ text, atMs: Math.round(performance.now() - this.openedAt) });
    this.changed();
  }

  close(code: number, reason: string): void {
    this.closed = { code, reason };
    this.changed();
  }

  /** The messages kept so far, handed over and forgotten: a long run (a load) reads them as they come. */
  drain(): InboxMessage[] {
    return this.messages.splice(0);
  }

  /** Calls `listener` after each message or the close; returns what stops it. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
