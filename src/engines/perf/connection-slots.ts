import { Client } from 'undici';

/**
 * The connections to one origin, one undici Client each, and which of them can take a request now:
 * every connection has `pipelining` slots. A request takes a free slot and gives it back when it
 * ends, so each goes straight to an idle connection — cheaper than a Pool choosing one per request.
 */
export class ConnectionSlots {
  private readonly clients: Client[];
  private readonly free: number[] = [];

  constructor(origin: string, connections: number, pipelining: number, connectTimeoutMs: number) {
    this.clients = Array.from({ length: connections }, () => new Client(origin, { pipelining, connect: { timeout: connectTimeoutMs } }));
    for (let slot = 0; slot < pipelining; slot++) for (let index = connections - 1; index >= 0; index--) this.free.push(index);
  }

  /** A free connection's index; the caller never has more requests in flight than there are slots. */
  take(): number {
    const index = this.free.pop();
    if (index === undefined) throw new Error('more requests in flight than connection slots');
    return index;
  }

  client(index: number): Client {
    return this.clients[index]!;
  }

  release(index: number): void {
    this.free.push(index);
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.destroy().catch(() => undefined)));
  }
}
