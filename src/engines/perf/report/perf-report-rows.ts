import type { PerfResult } from '../perf-result.js';
import { LATENCY_METRICS, type LatencyMetric } from '../perf-scenario.js';
import { loadWords } from './load-words.js';

const LATENCY_LABELS: Record<LatencyMetric, string> = { min: 'min', mean: 'mean', p50: 'p50', p90: 'p90', p95: 'p95', p99: 'p99', p999: 'p99.9', max: 'max' };

/** The latency table's headings, in LATENCY_METRICS order. */
export const LATENCY_HEADINGS = LATENCY_METRICS.map((metric) => LATENCY_LABELS[metric]);

/** The requests (or messages) table of both reports: outcomes, then those that got no answer, by kind. */
export function requestRows(result: PerfResult): Array<[string, number]> {
  const { requests } = result;
  const words = loadWords(result);
  const rows: Array<[string, number]> = [
    ['Total', requests.total],
    [words.ok, requests.ok],
    [words.failed, requests.failed],
  ];
  if (result.model === 'open') rows.push(['Late (sent after they were due, or never)', requests.late]);
  rows.push(
    [`${words.none}: timeout`, requests.errors.timeout],
    [`${words.none}: connection refused`, requests.errors.refused],
    [`${words.none}: connection reset`, requests.errors.reset],
    [`${words.none}: other error`, requests.errors.other],
  );
  return rows;
}
