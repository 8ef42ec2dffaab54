import type { LoadProgress } from '../load-progress.js';
import { formatCount, formatFigure } from './perf-report-text.js';

/** `8.2s left · 12,345 requests · 1,234 req/s · p95 3.2 ms · 0 errors`; the share sent instead when the run is by count. */
export function progressText(progress: LoadProgress): string {
  const left = progress.remainingMs === undefined ? `${Math.floor(progress.fraction * 100)}% sent` : `${(progress.remainingMs / 1000).toFixed(1)}s left`;
  const errors = `${formatCount(progress.errors)} error${progress.errors === 1 ? '' : 's'}`;
  return `${left} · ${formatCount(progress.requests)} requests · ${formatCount(progress.rps)} req/s · p95 ${formatFigure(progress.p95)} ms · ${errors}`;
}
