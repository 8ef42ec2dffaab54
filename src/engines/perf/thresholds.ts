import { parseDuration } from './parse-duration.js';
import type { PerfResult, ThresholdResult } from './perf-result.js';
import { LATENCY_METRICS, THRESHOLD_METRICS, type LatencyMetric, type ThresholdMetric, type ThresholdSpec } from './perf-scenario.js';
import { PerfUsageError } from './perf-usage-error.js';

const EXPRESSION = /^\s*([a-z_0-9]+)\s*(<=|>=|==|<|>)\s*(\S+)\s*$/;

/** `p95<200`, `p99 <= 1s`, `error_rate<0.01`, `rps>500`; an unknown metric is refused, never passed. */
export function parseThreshold(expr: string): ThresholdSpec {
  const match = EXPRESSION.exec(expr);
  if (!match) throw new PerfUsageError(`threshold "${expr}" is not metric<value, e.g. "p95<200" (${THRESHOLD_METRICS.join(', ')})`);
  const [, metric, op, raw] = match as unknown as [string, string, ThresholdSpec['op'], string];
  if (!isMetric(metric)) throw new PerfUsageError(`threshold "${expr}": unknown metric "${metric}"; the metrics are ${THRESHOLD_METRICS.join(', ')}`);
  return { expr: expr.trim(), metric, op, value: thresholdValue(metric, raw, expr) };
}

/** The figures thresholds are judged on. */
type Measured = Pick<PerfResult, 'rps' | 'requests' | 'latency_ms'>;

export function evaluateThresholds(thresholds: readonly ThresholdSpec[], result: Measured): ThresholdResult[] {
  return thresholds.map((threshold) => {
    const actual = metricValue(threshold.metric, result);
    return { expr: threshold.expr, ok: holds(actual, threshold.op, threshold.value), actual };
  });
}

function metricValue(metric: ThresholdMetric, result: Measured): number {
  if (metric === 'rps') return result.rps;
  if (metric === 'failed') return result.requests.failed;
  if (metric === 'error_rate') return result.requests.total === 0 ? 0 : round(result.requests.failed / result.requests.total, 6);
  return result.latency_ms[metric];
}

function holds(actual: number, op: ThresholdSpec['op'], value: number): boolean {
  switch (op) {
    case '<':
      return actual < value;
    case '<=':
      return actual <= value;
    case '>':
      return actual > value;
    case '>=':
      return actual >= value;
    case '==':
      return actual === value;
  }
}

/** Latencies are milliseconds, or a duration with its unit (`1s`); the others plain numbers. */
function thresholdValue(metric: ThresholdMetric, raw: string, expr: string): number {
  if (isLatency(metric) && /[a-z]$/.test(raw)) return parseDuration(raw, `threshold "${expr}"`);
  const value = Number(raw);
  if (raw === '' || !Number.isFinite(value)) throw new PerfUsageError(`threshold "${expr}": "${raw}" is not a number`);
  return value;
}

function isMetric(name: string): name is ThresholdMetric {
  return (THRESHOLD_METRICS as readonly string[]).includes(name);
}

function isLatency(metric: ThresholdMetric): metric is LatencyMetric {
  return (LATENCY_METRICS as readonly string[]).includes(metric);
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
