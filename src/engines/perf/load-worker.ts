// A worker thread of `falcon perf --workers N`: runs its share of the scenario and hands its
// counts to the main thread (run-load-in-workers.ts). Built as dist/perf-worker.js.
import { parentPort, workerData } from 'node:worker_threads';
import type { PerfScenario } from './perf-scenario.js';
import { runLoadHere } from './run-load-here.js';
import type { WorkerMessage } from './worker-message.js';

const { scenario, startAtEpochMs } = workerData as { scenario: PerfScenario; startAtEpochMs: number };
const port = parentPort!;
const stop = new AbortController();
const post = (message: WorkerMessage): void => port.postMessage(message);
port.on('message', (message) => {
  if (message === 'stop') stop.abort();
});
const run = await runLoadHere(scenario, stop.signal, (progress) => post({ kind: 'progress', progress }), startAtEpochMs - performance.timeOrigin);
post({ kind: 'done', snapshot: run.metrics.snapshot(), elapsedMs: run.elapsedMs });
port.close();
