import { parseDuration } from '../../../engines/perf/parse-duration.js';
import type { Duration } from '../../../engines/flow-files/flow-format.js';

/**
 * A flow's duration in milliseconds: `500ms`, `2s`, `1m`, or a number of milliseconds (also as
 * text, `"250"` — unlike perf's parseDuration, where a bare number means seconds).
 */
export function durationMs(duration: Duration, what = 'a duration'): number {
  const text = String(duration).replace(/\s+/g, '');
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text));
  // parseDuration refuses zero, which a flow may write as `0s`.
  if (Number.parseFloat(text) === 0) return 0;
  return parseDuration(text, what);
}
