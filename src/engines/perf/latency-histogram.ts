import * as hdr from 'hdr-histogram-js';
import type { HistogramBucket } from './perf-result.js';
import { LATENCY_METRICS, type LatencyMetric } from './perf-scenario.js';

/** Recorded values as [microseconds, count] pairs: how a worker thread hands its histogram over. */
export type RecordedValues = Array<[number, number]>;

const PERCENTILES: Record<Exclude<LatencyMetric, 'min' | 'mean' | 'max'>, number> = { p50: 50, p90: 90, p95: 95, p99: 99, p999: 99.9 };
const CHART_BARS = 24;

/** Latencies in microseconds, in an HDR histogram (3 significant digits, from 1 µs, resizing as needed). */
export class LatencyHistogram {
  private readonly histogram = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 60_000_000,
    numberOfSignificantValueDigits: 3,
  }) as hdr.JsHistogram;

  get count(): number {
    return this.histogram.totalCount;
  }

  record(microseconds: number): void {
    this.histogram.recordValue(Math.max(1, Math.round(microseconds)));
  }

  reset(): void {
    this.histogram.reset();
  }

  addRecorded(values: RecordedValues): void {
    for (const [value, count] of values) this.histogram.recordValueWithCount(value, count);
  }

  recorded(): RecordedValues {
    const values: RecordedValues = [];
    const iterator = this.histogram.recordedValuesIterator;
    iterator.reset();
    while (iterator.hasNext()) {
      const step = iterator.next();
      values.push([step.valueIteratedTo, step.countAtValueIteratedTo]);
    }
    return values;
  }

  /** The value at a percentile (0–100), in milliseconds; 0 when nothing was recorded. */
  percentileMs(percentile: number): number {
    return this.count === 0 ? 0 : toMs(this.histogram.getValueAtPercentile(percentile));
  }

  summaryMs(): Record<LatencyMetric, number> {
    const empty = this.count === 0;
    const figures = Object.fromEntries(LATENCY_METRICS.map((metric) => [metric, 0])) as Record<LatencyMetric, number>;
    if (empty) return figures;
    figures.min = toMs(this.histogram.minNonZeroValue);
    figures.mean = toMs(this.histogram.mean);
    figures.max = toMs(this.histogram.maxValue);
    for (const [metric, percentile] of Object.entries(PERCENTILES)) figures[metric as LatencyMetric] = this.percentileMs(percentile);
    return figures;
  }

  /** Bars for a chart: log-spaced from the fastest to the slowest response. */
  bucketsMs(): HistogramBucket[] {
    if (this.count === 0) return [];
    const low = Math.max(1, this.histogram.minNonZeroValue);
    const high = Math.max(low + 1, this.histogram.maxValue);
    const ratio = (high / low) ** (1 / CHART_BARS);
    const edges = Array.from({ length: CHART_BARS }, (_, index) => (index === CHART_BARS - 1 ? high : low * ratio ** (index + 1)));
    const counts = edges.map(() => 0);
    for (const [value, count] of this.recorded()) {
      const index = edges.findIndex((edge) => value <= edge);
      counts[index === -1 ? CHART_BARS - 1 : index]! += count;
    }
    return edges.map((edge, index) => ({ le_ms: toMs(edge), count: counts[index]! }));
  }
}

/** Milliseconds to three decimals (the histogram keeps three significant digits). */
function toMs(microseconds: number): number {
  return Math.round(microseconds) / 1000;
}
