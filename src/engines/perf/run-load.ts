import { checkReachable } from '../http/check-reachable.js';
import type { LoadProgress } from './load-progress.js';
import { formatStages } from './parse-stages.js';
import type { PerfResult } from './perf-result.js';
import type { PerfScenario, ThresholdSpec } from './perf-scenario.js';
import { plannedDurationMs, runLoadHere } from './run-load-here.js';
import { runLoadInWorkers } from './run-load-in-workers.js';
import { evaluateThresholds } from './thresholds.js';

export interface RunLoadOptions {
  /** Stops the run at once; what ran is still reported, marked `interrupted`. */
  signal?: AbortSignal;
  onProgress?(progress: LoadProgress): void;
}

/**
 * Puts the scenario's load on its target and measures it. Throws TargetUnreachableError before
 * sending anything when a target cannot be connected to.
 */
export async function runLoad(scenario: PerfScenario, thresholds: readonly ThresholdSpec[], options: RunLoadOptions = {}): Promise<PerfResult> {
  await checkReachable([...new Set(scenario.requests.map((request) => new URL(request.url).origin))], options.signal);
  const stop = new AbortController();
  const forward = (): void => stop.abort();
  if (options.signal?.aborted) stop.abort();
  options.signal?.addEventListener('abort', forward, { once: true });
  try {
    const run =
      scenario.workers > 1 ? await runLoadInWorkers(scenario, stop.signal, options.onProgress) : await runLoadHere(scenario, stop.signal, options.onProgress);
    const figures = run.metrics.figures(run.elapsedMs, stop.signal.aborted ? undefined : plannedDurationMs(scenario));
    return {
      target: scenario.target,
      model: scenario.model,
      duration_s: figures.duration_s,
      requests: figures.requests,
      rps: figures.rps,
      latency_ms: figures.latency_ms,
      thresholds: evaluateThresholds(thresholds, figures),
      timeline: figures.timeline,
      bytes: figures.bytes,
      histogram: figures.histogram,
      load: {
        connections: scenario.connections,
        ...(scenario.rate !== undefined && { rate: scenario.rate }),
        ...(scenario.stages && { stages: formatStages(scenario.stages) }),
        workers: scenario.workers,
      },
      ...(stop.signal.aborted && { interrupted: true }),
    };
  } finally {
    options.signal?.removeEventListener('abort', forward);
  }
}
