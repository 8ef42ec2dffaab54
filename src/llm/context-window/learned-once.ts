// A fact about a model learned once per model instance and shared by every later caller.

/**
 * Starts `learn` on first use and hands its answer to every caller after. A caller whose signal aborts
 * stops waiting and gets `fallback()`; the learning goes on for the others, so one cancelled run never
 * leaves a model with the fallback for good. `learn` rejecting also gives the fallback.
 */
export class LearnedOnce<T> {
  private answer?: Promise<T>;

  constructor(
    private readonly learn: () => Promise<T>,
    private readonly fallback: () => T,
  ) {}

  get(signal?: AbortSignal): Promise<T> {
    this.answer ??= this.learn().catch(() => this.fallback());
    if (!signal) return this.answer;
    if (signal.aborted) return Promise.resolve(this.fallback());
    const answer = this.answer;
    return new Promise<T>((resolve) => {
      const giveUp = () => resolve(this.fallback());
      signal.addEventListener('abort', giveUp, { once: true });
      void answer.then((value) => {
        signal.removeEventListener('abort', giveUp);
        resolve(value);
      });
    });
  }
}
