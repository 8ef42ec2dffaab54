import type { ThresholdMetric, ThresholdSpec } from '../perf-scenario.js';

/** The counter the script adds each failed request to (see FAILED_NOTE). */
export const FAILED_COUNTER = 'falcon_failed';

export const FAILED_NOTE = `Falcon's "failed": responses of status 400 and over, and requests with no answer. k6's http_req_failed is a rate and has no count, so ${FAILED_COUNTER} counts them.`;

/** The k6 metric and aggregation of each Falcon metric; http_req_duration is in milliseconds, as Falcon's latencies are. */
const K6_METRICS: Record<ThresholdMetric, [metric: string, aggregation: string]> = {
  min: ['http_req_duration', 'min'],
  mean: ['http_req_duration', 'avg'],
  p50: ['http_req_duration', 'med'],
  p90: ['http_req_duration', 'p(90)'],
  p95: ['http_req_duration', 'p(95)'],
  p99: ['http_req_duration', 'p(99)'],
  p999: ['http_req_duration', 'p(99.9)'],
  max: ['http_req_duration', 'max'],
  rps: ['http_reqs', 'rate'],
  error_rate: ['http_req_failed', 'rate'],
  failed: [FAILED_COUNTER, 'count'],
};

/** The thresholds by k6 metric (`http_req_duration: ['p(95)<200']`), and whether the failed-request counter is needed. */
export function k6Thresholds(thresholds: readonly ThresholdSpec[]): { byMetric: Record<string, string[]>; countsFailed: boolean } {
  const byMetric: Record<string, string[]> = {};
  for (const threshold of thresholds) {
    const [metric, aggregation] = K6_METRICS[threshold.metric];
    (byMetric[metric] ??= []).push(`${aggregation}${threshold.op}${threshold.value}`);
  }
  return { byMetric, countsFailed: thresholds.some((threshold) => threshold.metric === 'failed') };
}
