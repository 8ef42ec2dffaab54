import { LatencyHistogram, type RecordedValues } from './latency-histogram.js';
import type { ErrorCounts, PerfResult } from './perf-result.js';
import { type SecondTally, SecondsTimeline } from './seconds-timeline.js';
import type { TransportErrorKind } from './transport-error.js';

/** What a worker thread hands over at the end, merged by the main thread with `add`. */
export interface MetricsSnapshot {
  latency: RecordedValues;
  byStatus: Record<string, number>;
  errors: ErrorCounts;
  late: number;
  bytesSent: number;
  bytesReceived: number;
  seconds: SecondTally[];
}

export type LoadFigures = Omit<PerfResult, 'target' | 'model' | 'thresholds' | 'load' | 'interrupted'>;

/** Everything a load run counts: latencies, statuses, transport errors, bytes, and each second. */
export class LoadMetrics {
  private readonly latency = new LatencyHistogram();
  private readonly byStatus = new Map<string, number>();
  private readonly errors: ErrorCounts = { timeout: 0, refused: 0, reset: 0, other: 0 };
  private readonly seconds = new SecondsTimeline();
  private late = 0;
  private bytesSent = 0;
  private bytesReceived = 0;

  get completed(): number {
    return this.latency.count + this.transportErrors();
  }

  get failed(): number {
    let failed = this.transportErrors();
    for (const [status, count] of this.byStatus) if (Number(status) >= 400) failed += count;
    return failed;
  }

  /** A response; `atMs` is when it completed, counted from the start of the run. */
  response(status: number, latencyUs: number, atMs: number, bytesSent: number, bytesReceived: number): void {
    this.latency.record(latencyUs);
    const key = String(status);
    this.byStatus.set(key, (this.byStatus.get(key) ?? 0) + 1);
    this.bytesSent += bytesSent;
    this.bytesReceived += bytesReceived;
    this.seconds.record(atMs, latencyUs, status >= 400);
  }

  transportError(kind: TransportErrorKind, atMs: number, bytesSent: number): void {
    this.errors[kind] += 1;
    this.bytesSent += bytesSent;
    this.seconds.record(atMs, undefined, true);
  }

  /** An open-model request that went out late, or never did. */
  lateRequest(): void {
    this.late += 1;
  }

  /** The last whole second before `atMs`, for the live line; in the first second, that second so far. */
  lastSecond(atMs: number): { rps: number; p95: number } {
    return this.seconds.lastSecond(atMs);
  }

  snapshot(): MetricsSnapshot {
    return {
      latency: this.latency.recorded(),
      byStatus: Object.fromEntries(this.byStatus),
      errors: { ...this.errors },
      late: this.late,
      bytesSent: this.bytesSent,
      bytesReceived: this.bytesReceived,
      seconds: this.seconds.tallies(),
    };
  }

  add(snapshot: MetricsSnapshot): void {
    this.latency.addRecorded(snapshot.latency);
    for (const [status, count] of Object.entries(snapshot.byStatus)) this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + count);
    for (const kind of Object.keys(this.errors) as TransportErrorKind[]) this.errors[kind] += snapshot.errors[kind];
    this.late += snapshot.late;
    this.bytesSent += snapshot.bytesSent;
    this.bytesReceived += snapshot.bytesReceived;
    this.seconds.add(snapshot.seconds);
  }

  /**
   * The figures of a run that lasted `durationMs`; the timeline covers `plannedMs` when the run
   * went its planned length (what completed after it is counted in its last second).
   */
  figures(durationMs: number, plannedMs?: number): LoadFigures {
    const total = this.completed;
    const byStatus = Object.fromEntries([...this.byStatus].sort(([a], [b]) => Number(a) - Number(b)));
    return {
      duration_s: Math.round(durationMs) / 1000,
      requests: { total, ok: total - this.failed, failed: this.failed, by_status: byStatus, late: this.late, errors: { ...this.errors } },
      rps: durationMs > 0 ? Math.round((total / durationMs) * 1000 * 100) / 100 : 0,
      latency_ms: this.latency.summaryMs(),
      timeline: this.seconds.entries(plannedMs ?? durationMs),
      bytes: { sent: this.bytesSent, received: this.bytesReceived },
      histogram: this.latency.bucketsMs(),
    };
  }

  private transportErrors(): number {
    return this.errors.timeout + this.errors.refused + this.errors.reset + this.errors.other;
  }
}
