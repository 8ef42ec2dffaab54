/** A timeout whose clock stops while someone else is waited for (a person answering whether to follow a redirect). */
export class PausableTimeout {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private startedAt = 0;
  private left: number;

  constructor(ms: number) {
    this.left = ms;
    this.resume();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  pause(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.left = Math.max(0, this.left - (performance.now() - this.startedAt));
  }

  resume(): void {
    if (this.timer !== undefined || this.controller.signal.aborted) return;
    this.startedAt = performance.now();
    this.timer = setTimeout(() => this.controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), this.left);
    this.timer.unref?.();
  }

  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
