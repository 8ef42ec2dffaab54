import { runClosedLoad } from './closed-load.js';
import { LoadMetrics } from './load-metrics.js';
import { type LoadProgress, progressEveryMs } from './load-progress.js';
import { LoadSender } from './load-sender.js';
import { runOpenLoad } from './open-load.js';
import { stagesDurationMs } from './parse-stages.js';
import type { PerfScenario } from './perf-scenario.js';

export interface ThreadRun {
  metrics: LoadMetrics;
  elapsedMs: number;
}

/** How long a run is planned to send; undefined for a run that ends by count. */
export function plannedDurationMs(scenario: PerfScenario): number | undefined {
  return scenario.stages ? stagesDurationMs(scenario.stages) : scenario.durationMs;
}

/**
 * Runs the scenario in this thread, reporting progress; `startAt` (a `performance.now()` time)
 * lets worker threads start together. Resolves with what was counted, also when stopped.
 */
export async function runLoadHere(
  scenario: PerfScenario,
  stop: AbortSignal,
  onProgress?: (progress: LoadProgress) => void,
  startAt = performance.now(),
): Promise<ThreadRun> {
  if (startAt > performance.now()) await new Promise((resolve) => setTimeout(resolve, startAt - performance.now()));
  const metrics = new LoadMetrics();
  const plannedMs = plannedDurationMs(scenario);
  const sender = new LoadSender(scenario, metrics, startAt, plannedMs, stop);
  const report = (): void => onProgress?.(progressOf(scenario, metrics, sender.elapsedMs(), plannedMs));
  const reporter = onProgress ? setInterval(report, progressEveryMs(plannedMs)) : undefined;
  try {
    if (scenario.model === 'open') await runOpenLoad(scenario, sender, metrics, plannedMs!, stop);
    else await runClosedLoad(scenario, sender, plannedMs);
    return { metrics, elapsedMs: sender.elapsedMs() };
  } finally {
    clearInterval(reporter);
    await sender.close();
  }
}

function progressOf(scenario: PerfScenario, metrics: LoadMetrics, elapsedMs: number, plannedMs: number | undefined): LoadProgress {
  const { rps, p95 } = metrics.lastSecond(elapsedMs);
  const done = metrics.completed;
  const fraction = plannedMs !== undefined ? elapsedMs / plannedMs : done / (scenario.requestCount ?? 1);
  return {
    elapsedMs,
    ...(plannedMs !== undefined && { remainingMs: Math.max(0, plannedMs - elapsedMs) }),
    fraction: Math.min(1, fraction),
    requests: done,
    rps,
    p95,
    errors: metrics.failed,
  };
}
