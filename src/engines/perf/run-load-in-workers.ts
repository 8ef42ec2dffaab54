import { Worker } from 'node:worker_threads';
import { LoadMetrics, type MetricsSnapshot } from './load-metrics.js';
import type { LoadProgress } from './load-progress.js';
import type { PerfScenario } from './perf-scenario.js';
import type { ThreadRun } from './run-load-here.js';
import { splitScenario } from './split-scenario.js';
import type { WorkerMessage } from './worker-message.js';

/** Workers start together this long after they are created: time for each to load its code. */
const START_DELAY_MS = 200;

/**
 * Runs the scenario over worker threads (the bundle's perf-worker.js), each with its share, and
 * merges what they counted. Progress adds up requests and rates; p95 is the slowest worker's.
 */
export async function runLoadInWorkers(scenario: PerfScenario, stop: AbortSignal, onProgress?: (progress: LoadProgress) => void): Promise<ThreadRun> {
  const parts = splitScenario(scenario, scenario.workers);
  const startAtEpochMs = performance.timeOrigin + performance.now() + START_DELAY_MS;
  const latest: Array<LoadProgress | undefined> = parts.map(() => undefined);
  const workers = parts.map((part) => new Worker(new URL('./perf-worker.js', import.meta.url), { workerData: { scenario: part, startAtEpochMs } }));
  const stopAll = (): void => workers.forEach((worker) => worker.postMessage('stop'));
  stop.addEventListener('abort', stopAll, { once: true });
  try {
    const runs = await Promise.all(
      workers.map(
        (worker, index) =>
          new Promise<{ snapshot: MetricsSnapshot; elapsedMs: number }>((resolve, reject) => {
            worker.on('message', (message: WorkerMessage) => {
              if (message.kind === 'done') resolve(message);
              else {
                latest[index] = message.progress;
                onProgress?.(combine(latest));
              }
            });
            worker.once('error', reject);
            worker.once('exit', (code) => reject(new Error(`a load worker thread stopped (exit code ${code}) before it reported`)));
          }),
      ),
    );
    const metrics = new LoadMetrics();
    for (const run of runs) metrics.add(run.snapshot);
    return { metrics, elapsedMs: Math.max(...runs.map((run) => run.elapsedMs)) };
  } finally {
    stop.removeEventListener('abort', stopAll);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

function combine(progress: ReadonlyArray<LoadProgress | undefined>): LoadProgress {
  const known = progress.filter((item): item is LoadProgress => item !== undefined);
  const sum = (pick: (item: LoadProgress) => number): number => known.reduce((total, item) => total + pick(item), 0);
  const remaining = known.map((item) => item.remainingMs).filter((ms): ms is number => ms !== undefined);
  return {
    elapsedMs: Math.max(...known.map((item) => item.elapsedMs)),
    ...(remaining.length > 0 && { remainingMs: Math.max(...remaining) }),
    fraction: Math.min(...known.map((item) => item.fraction)),
    requests: sum((item) => item.requests),
    rps: sum((item) => item.rps),
    p95: Math.max(...known.map((item) => item.p95)),
    errors: sum((item) => item.errors),
  };
}
