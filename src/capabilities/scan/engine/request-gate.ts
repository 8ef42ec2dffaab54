import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Lets the scan's requests run side by side, except while a timing proof runs `alone`: it waits for
 * the requests in flight to end, and the others wait for it, so that no other probe can hold up a
 * server that answers one request at a time and pass for the delay being proven.
 */
export class RequestGate {
  private inFlight = 0;
  private drained: (() => void) | undefined;
  /** Resolves when the work running alone has ended; undefined when none runs. */
  private aloneEnded: Promise<void> | undefined;
  /** Marks the calls made by the work running alone: they pass the gate. */
  private readonly aloneWork = new AsyncLocalStorage<true>();

  /** Sends through the gate: once no work runs alone, or as part of it. */
  async through<T>(send: () => Promise<T>): Promise<T> {
    while (this.aloneEnded && !this.aloneWork.getStore()) await this.aloneEnded;
    this.inFlight++;
    try {
      return await send();
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) this.drained?.();
    }
  }

  async alone<T>(work: () => Promise<T>): Promise<T> {
    if (this.aloneWork.getStore()) return work();
    while (this.aloneEnded) await this.aloneEnded;
    let end!: () => void;
    this.aloneEnded = new Promise((resolve) => (end = resolve));
    try {
      if (this.inFlight > 0) await new Promise<void>((resolve) => (this.drained = resolve));
      this.drained = undefined;
      return await this.aloneWork.run(true, work);
    } finally {
      this.aloneEnded = undefined;
      end();
    }
  }
}
