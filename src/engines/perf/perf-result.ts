import type { LatencyMetric, LoadModel } from './perf-scenario.js';

/** Transport failures by kind; HTTP error statuses are in `by_status`. */
export interface ErrorCounts {
  timeout: number;
  refused: number;
  reset: number;
  other: number;
}

export interface TimelineEntry {
  /** Seconds since the start: the entry covers (t-1, t]. */
  t: number;
  rps: number;
  p95: number;
  errors: number;
}

/** One bar of the latency histogram: responses at most `le_ms` and above the previous bar's. */
export interface HistogramBucket {
  le_ms: number;
  count: number;
}

/**
 * A load run's figures, in the names `--json` writes (issue 16 fixes them): latencies in
 * milliseconds, `failed` counts HTTP statuses of 400 and over and requests with no answer.
 */
export interface PerfResult {
  target: string;
  model: LoadModel;
  duration_s: number;
  requests: {
    total: number;
    ok: number;
    failed: number;
    by_status: Record<string, number>;
    /** Open model: requests that went out more than LATE_AFTER_MS after they were due, or never did. */
    late: number;
    errors: ErrorCounts;
  };
  rps: number;
  latency_ms: Record<LatencyMetric, number>;
  thresholds: ThresholdResult[];
  timeline: TimelineEntry[];
  bytes: { sent: number; received: number };
  histogram: HistogramBucket[];
  /** Closed: the connections; open: the arrival rate asked for and the connection cap. */
  load: { connections: number; rate?: number; stages?: string; workers: number };
  /** Set when Ctrl-C or the agent stopped the run early. */
  interrupted?: boolean;
  /**
   * `websocket` (`falcon perf --ws`): the requests are messages, each answered (counted under 101) by
   * the reply carrying its id; latency is from a message sent to its reply.
   */
  protocol?: 'websocket';
}

export interface ThresholdResult {
  expr: string;
  ok: boolean;
  actual: number;
}
