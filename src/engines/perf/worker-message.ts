import type { LoadProgress } from './load-progress.js';
import type { MetricsSnapshot } from './load-metrics.js';

/** What a load worker thread posts to the main thread. */
export type WorkerMessage = { kind: 'progress'; progress: LoadProgress } | { kind: 'done'; snapshot: MetricsSnapshot; elapsedMs: number };
