import { LatencyHistogram, type RecordedValues } from './latency-histogram.js';
import type { TimelineEntry } from './perf-result.js';

/** One second of a run: what completed in it, its latencies as sparse [µs, count] pairs. */
export interface SecondTally {
  index: number;
  count: number;
  failed: number;
  latency: RecordedValues;
}

/**
 * What completed in each second of a run. Only the second in progress has a histogram of its own
 * (one is 70 kB; a 30-minute soak has 1,800 seconds): a second that is over keeps its latencies as
 * sparse pairs, enough for its p95 and for merging worker threads' timelines. Completions come in
 * time order, so a second is over once one arrives for a later second.
 */
export class SecondsTimeline {
  private readonly closed = new Map<number, SecondTally & { p95: number }>();
  private readonly open = { index: -1, count: 0, failed: 0, latency: new LatencyHistogram() };

  record(atMs: number, latencyUs: number | undefined, failed: boolean): void {
    const index = Math.max(0, Math.floor(atMs / 1000));
    if (index !== this.open.index) this.moveTo(index);
    this.open.count += 1;
    if (failed) this.open.failed += 1;
    if (latencyUs !== undefined) this.open.latency.record(latencyUs);
  }

  /** The last whole second before `atMs`, for the live line; in the first second, that second so far. */
  lastSecond(atMs: number): { rps: number; p95: number } {
    const index = Math.floor(atMs / 1000) - 1;
    if (index < 0) {
      return this.open.index === 0
        ? { rps: Math.round((this.open.count * 1000) / Math.max(1, atMs)), p95: this.open.latency.percentileMs(95) }
        : { rps: 0, p95: 0 };
    }
    if (index === this.open.index) return { rps: this.open.count, p95: this.open.latency.percentileMs(95) };
    const second = this.closed.get(index);
    return { rps: second?.count ?? 0, p95: second?.p95 ?? 0 };
  }

  tallies(): SecondTally[] {
    const open =
      this.open.index < 0 ? [] : [{ index: this.open.index, count: this.open.count, failed: this.open.failed, latency: this.open.latency.recorded() }];
    return [...[...this.closed.values()].map(({ index, count, failed, latency }) => ({ index, count, failed, latency })), ...open];
  }

  /** Adds another thread's seconds (at the end of a run: nothing more is recorded here after). */
  add(tallies: readonly SecondTally[]): void {
    const merged = new Map(this.tallies().map((tally) => [tally.index, tally]));
    for (const tally of tallies) {
      const mine = merged.get(tally.index);
      merged.set(
        tally.index,
        mine
          ? { index: tally.index, count: mine.count + tally.count, failed: mine.failed + tally.failed, latency: [...mine.latency, ...tally.latency] }
          : tally,
      );
    }
    this.closed.clear();
    this.open.index = -1;
    for (const tally of merged.values()) this.closed.set(tally.index, { ...tally, p95: p95Of(tally.latency) });
  }

  /** One entry per second up to `durationMs`, quiet seconds included; a last part-second counts as one. */
  entries(durationMs: number): TimelineEntry[] {
    const byIndex = new Map(this.tallies().map((tally) => [tally.index, tally]));
    const lastIndex = Math.max(Math.ceil(durationMs / 1000) - 1, ...byIndex.keys());
    const entries: TimelineEntry[] = [];
    for (let index = 0; index <= lastIndex; index++) {
      const second = byIndex.get(index);
      entries.push({ t: index + 1, rps: second?.count ?? 0, p95: second ? p95Of(second.latency) : 0, errors: second?.failed ?? 0 });
    }
    return entries;
  }

  private moveTo(index: number): void {
    const { open } = this;
    if (open.index >= 0) {
      this.closed.set(open.index, {
        index: open.index,
        count: open.count,
        failed: open.failed,
        latency: open.latency.recorded(),
        p95: open.latency.percentileMs(95),
      });
    }
    open.index = index;
    open.count = 0;
    open.failed = 0;
    open.latency.reset();
  }
}

function p95Of(latency: RecordedValues): number {
  if (latency.length === 0) return 0;
  const histogram = new LatencyHistogram();
  histogram.addRecorded(latency);
  return histogram.percentileMs(95);
}
