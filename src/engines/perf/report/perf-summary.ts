import type { PerfResult } from '../perf-result.js';
import { LATENCY_METRICS } from '../perf-scenario.js';
import { formatActual, formatBytes, formatCount, formatFigure, loadText, statusRows } from './perf-report-text.js';

const LATENCY_NAMES: Record<string, string> = { p999: 'p99.9' };

/**
 * A run's figures in a few plain lines: what `falcon perf` prints and the agent reads. Thresholds
 * are marked ✓ or ✗ with their actual values.
 */
export function perfSummaryLines(result: PerfResult): string[] {
  const { requests } = result;
  const errors = Object.entries(requests.errors).filter(([, count]) => count > 0);
  if (result.protocol === 'websocket') return [...webSocketSummaryLines(result, errors), ...thresholdLines(result)];
  const lines = [
    `${result.target} — ${loadText(result)}, ${result.duration_s} s${result.interrupted ? ' (interrupted)' : ''}`,
    `  requests    ${formatCount(requests.total)} · ${formatCount(requests.ok)} ok · ${formatCount(requests.failed)} failed${result.model === 'open' ? ` · ${formatCount(requests.late)} late` : ''}`,
    `  answers     ${
      statusRows(requests.by_status)
        .map(([status, count]) => `${status}: ${formatCount(count)}`)
        .join(' · ') || 'none'
    }${errors.length ? ` · no answer: ${errors.map(([kind, count]) => `${kind} ${formatCount(count)}`).join(', ')}` : ''}`,
    `  throughput  ${formatFigure(result.rps)} req/s · ${formatBytes(result.bytes.received)} received · ${formatBytes(result.bytes.sent)} sent`,
    `  latency ms  ${LATENCY_METRICS.map((metric) => `${LATENCY_NAMES[metric] ?? metric} ${formatFigure(result.latency_ms[metric])}`).join(' · ')}`,
  ];
  return [...lines, ...thresholdLines(result)];
}

/** `--ws`: messages and their replies instead of requests and statuses. */
function webSocketSummaryLines({ requests, ...result }: PerfResult, errors: Array<[string, number]>): string[] {
  return [
    `${result.target} — WebSocket, ${loadText({ ...result, requests })}, ${result.duration_s} s${result.interrupted ? ' (interrupted)' : ''}`,
    `  messages    ${formatCount(requests.total)} · ${formatCount(requests.ok)} answered · ${formatCount(requests.failed)} failed${
      errors.length ? ` (no reply: ${errors.map(([kind, count]) => `${kind} ${formatCount(count)}`).join(', ')})` : ''
    }`,
    `  throughput  ${formatFigure(result.rps)} msg/s · ${formatBytes(result.bytes.received)} received · ${formatBytes(result.bytes.sent)} sent`,
    `  latency ms  ${LATENCY_METRICS.map((metric) => `${LATENCY_NAMES[metric] ?? metric} ${formatFigure(result.latency_ms[metric])}`).join(' · ')} (message to its reply)`,
  ];
}

function thresholdLines(result: PerfResult): string[] {
  if (result.thresholds.length === 0) return [];
  return [
    `  thresholds  ${result.thresholds.map((threshold) => `${threshold.ok ? '✓' : '✗'} ${threshold.expr} (${formatActual(threshold.actual)})`).join(' · ')}`,
  ];
}

/** The thresholds that broke, each with its actual value: `p95<200 broke: p95 was 312.4`. */
export function brokenThresholds(result: PerfResult): string[] {
  return result.thresholds
    .filter((threshold) => !threshold.ok)
    .map((threshold) => `${threshold.expr} broke: ${/^[a-z_0-9]+/.exec(threshold.expr)?.[0] ?? 'it'} was ${formatActual(threshold.actual)}`);
}
