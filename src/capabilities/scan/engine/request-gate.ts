import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The gates whose work running alone a call is part of: it passes those gates. One storage for every
 * gate: on Node 20 each storage that ever ran stays in a list that every promise created afterwards walks.
 */
const aloneWork = new AsyncLocalStorage<ReadonlySet<RequestGate>>();

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

  /** Sends through the gate: once no work runs alone, or as part of it. */
  async through<T>(send: () => Promise<T>): Promise<T> {
    while (this.aloneEnded && !aloneWork.getStore()?.has(this)) await this.aloneEnded;
    this.inFlight++;
    try {
      return await send();
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) this.drained?.();
    }
  }

  async alone<T>(work: () => Promise<T>): Promise<T> {
    if (aloneWork.getStore()?.has(this)) return work();
    while (this.aloneEnded) await this.aloneEnded;
    let end!: () => void;
    this.aloneEnded = new Promise((resolve) => (end = resolve));
    try {
      if (this.inFlight > 0) await new Promise<void>((resolve) => (this.drained = resolve));
      this.drained = undefined;
      return await aloneWork.run(new Set([...(aloneWork.getStore() ?? []), this]), work);
    } finally {
      this.aloneEnded = undefined;
      end();
    }
  }
}
