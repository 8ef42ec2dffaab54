/**
 * When each request of a scan may go: requests to one operation (`GET /users/{id}`) at most `rate`
 * a second, to the whole API at most `maxRate` a second. A request takes the earliest slot both
 * allow, so that one operation's wait never holds up another operation's request.
 */
export class ScanPace {
  private readonly operationGap: number;
  private readonly gap: number;
  private readonly nextForOperation = new Map<string, number>();
  /** The slots taken that a later one could still come too close to, in order. */
  private taken: number[] = [];

  constructor(rate: number, maxRate: number) {
    this.operationGap = 1000 / rate;
    this.gap = 1000 / maxRate;
  }

  /** Takes the request's slot: the time, on the clock `now` is read from, it may be sent at. */
  take(operation: string, now: number): number {
    let slot = Math.max(now, this.nextForOperation.get(operation) ?? 0);
    this.taken = this.taken.filter((time) => time > now - this.gap);
    for (const time of this.taken) {
      if (time <= slot - this.gap) continue;
      if (time >= slot + this.gap) break;
      slot = time + this.gap;
    }
    const later = this.taken.findIndex((time) => time > slot);
    this.taken.splice(later === -1 ? this.taken.length : later, 0, slot);
    this.nextForOperation.set(operation, slot + this.operationGap);
    return slot;
  }
}
