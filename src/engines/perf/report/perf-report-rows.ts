import type { PerfResult } from '../perf-result.js';
import { LATENCY_METRICS, type LatencyMetric } from '../perf-scenario.js';

const LATENCY_LABELS: Record<LatencyMetric, string> = { min: 'min', mean: 'mean', p50: 'p50', p90: 'p90', p95: 'p95', p99: 'p99', p999: 'p99.9', max: 'max' };

/** The latency table's headings, in LATENCY_METRICS order. */
export const LATENCY_HEADINGS = LATENCY_METRICS.map((metric) => LATENCY_LABELS[metric]);

/** The requests table of both reports: outcomes, then the requests that got no answer, by kind. */
export function requestRows(result: PerfResult): Array<[string, number]> {
  const { requests } = result;
  const rows: Array<[string, number]> = [
    ['Total', requests.total],
    ['OK', requests.ok],
    ['Failed (status 400 and over, or no answer)', requests.failed],
  ];
  if (result.model === 'open') rows.push(['Late (sent after they were due, or never)', requests.late]);
  rows.push(
    ['No answer: timeout', requests.errors.timeout],
    ['No answer: connection refused', requests.errors.refused],
    ['No answer: connection reset', requests.errors.reset],
    ['No answer: other error', requests.errors.other],
  );
  return rows;
}
