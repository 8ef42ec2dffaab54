import type { PerfResult, TimelineEntry } from '../../../../src/engines/perf/perf-result.js';

/** When the sample runs finished, as the reports show it. */
export const FINISHED_AT = new Date('2025-03-04T05:06:07.000Z');

/** Twelve seconds of a closed-model run: a threshold passed, one failed, some errors of every kind. */
export function closedRun(): PerfResult {
  const timeline: TimelineEntry[] = Array.from({ length: 12 }, (_, index) => ({
    t: index + 1,
    rps: 480 + index * 4,
    p95: 40 + index,
    errors: index % 4 === 0 ? 2 : 0,
  }));
  return {
    target: 'http://127.0.0.1:4010/pets',
    model: 'closed',
    duration_s: 12,
    requests: {
      total: 6000,
      ok: 5940,
      failed: 60,
      by_status: { '200': 5940, '503': 48, '404': 6 },
      late: 0,
      errors: { timeout: 3, refused: 1, reset: 1, other: 1 },
    },
    rps: 500,
    latency_ms: { min: 0.412, mean: 12.3456, p50: 9.87, p90: 31.2, p95: 44.44, p99: 120.6, p999: 199.6, max: 1234.5 },
    thresholds: [
      { expr: 'p95<200', ok: true, actual: 44.44 },
      { expr: 'p999<199.5', ok: false, actual: 199.6 },
    ],
    timeline,
    bytes: { sent: 1_234_567, received: 98_765_432 },
    histogram: [
      { le_ms: 1, count: 100 },
      { le_ms: 5, count: 1500 },
      { le_ms: 10, count: 2400 },
      { le_ms: 50, count: 1800 },
      { le_ms: 200, count: 190 },
      { le_ms: 1234.5, count: 4 },
    ],
    load: { connections: 10, workers: 1 },
  };
}

/** `falcon perf --ws`: the closed run's figures as messages, each answered by a reply with its id (counted as status 101). */
export function webSocketRun(): PerfResult {
  const run = closedRun();
  return {
    ...run,
    target: 'ws://127.0.0.1:4010/prices',
    requests: { ...run.requests, by_status: { '101': run.requests.ok }, errors: { timeout: 55, refused: 0, reset: 5, other: 0 } },
    protocol: 'websocket',
  };
}

/** An open-model run with stages, five minutes long (more seconds than a table shows), stopped early. */
export function openRun(): PerfResult {
  const timeline: TimelineEntry[] = Array.from({ length: 300 }, (_, index) => ({
    t: index + 1,
    rps: 100 + (index % 10),
    p95: 20 + (index % 7),
    errors: index === 150 ? 5 : 0,
  }));
  return {
    ...closedRun(),
    model: 'open',
    duration_s: 300,
    requests: { ...closedRun().requests, late: 17 },
    thresholds: [],
    timeline,
    load: { connections: 50, stages: '1m:100,3m:100,1m:0', workers: 2 },
    interrupted: true,
  };
}

/** What a hostile API or user could put in a target: markup, a script, quotes, controls. */
export const HOSTILE_TARGET = `http://127.0.0.1/<script>alert(1)</script>"'><img src=x onerror=alert(2)>&amp;\u001B[31m|*_\``;
