import { PerfUsageError } from './perf-usage-error.js';

const UNITS_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const PART = /(\d+(?:\.\d+)?)(ms|s|m|h)/gy;

/** `500ms`, `30s`, `1.5m`, `1h30m`, or a bare number of seconds, in milliseconds. */
export function parseDuration(text: string, what = 'a duration'): number {
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return positive(Number(trimmed) * 1000, text, what);
  let total = 0;
  let end = 0;
  PART.lastIndex = 0;
  for (let match = PART.exec(trimmed); match; match = PART.exec(trimmed)) {
    total += Number(match[1]) * UNITS_MS[match[2]!]!;
    end = PART.lastIndex;
  }
  if (end === 0 || end !== trimmed.length) throw new PerfUsageError(`${what} "${text}" is not a duration: write it as 500ms, 30s, 2m or 1h`);
  return positive(total, text, what);
}

/** `30000` → `30s`, `90000` → `1m30s`, `250` → `250ms`: the form parseDuration reads back. */
export function formatDuration(ms: number): string {
  if (ms < 1000 || ms % 1000 !== 0) return `${Math.round(ms)}ms`;
  const seconds = ms / 1000;
  const minutes = Math.floor(seconds / 60);
  if (minutes === 0) return `${seconds}s`;
  return seconds % 60 === 0 ? `${minutes}m` : `${minutes}m${seconds % 60}s`;
}

function positive(ms: number, text: string, what: string): number {
  if (!(ms > 0)) throw new PerfUsageError(`${what} "${text}" must be longer than zero`);
  return Math.round(ms);
}
