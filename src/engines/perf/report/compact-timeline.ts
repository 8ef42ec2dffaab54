import type { TimelineEntry } from '../perf-result.js';

/** Seconds `first` to `last` of the run (both counted from 1), as one row. */
export interface TimelineRow {
  first: number;
  last: number;
  rps: number;
  p95: number;
  errors: number;
}

export interface CompactTimeline {
  rows: TimelineRow[];
  /** 1 when each row is one second. */
  secondsPerRow: number;
}

/** A table longer than this is hard to read and adds nothing a chart does not show. */
export const TIMELINE_ROWS = 60;

/**
 * The per-second timeline in at most `maxRows` rows: consecutive seconds grouped evenly, each group
 * with its mean req/s, its worst second's p95 (a group's own p95 cannot be had from the seconds'),
 * and its errors added up.
 */
export function compactTimeline(timeline: readonly TimelineEntry[], maxRows = TIMELINE_ROWS): CompactTimeline {
  const secondsPerRow = Math.max(1, Math.ceil(timeline.length / maxRows));
  const rows: TimelineRow[] = [];
  for (let start = 0; start < timeline.length; start += secondsPerRow) {
    const group = timeline.slice(start, start + secondsPerRow);
    rows.push({
      first: group[0]!.t,
      last: group[group.length - 1]!.t,
      rps: group.reduce((total, entry) => total + entry.rps, 0) / group.length,
      p95: Math.max(...group.map((entry) => entry.p95)),
      errors: group.reduce((total, entry) => total + entry.errors, 0),
    });
  }
  return { rows, secondsPerRow };
}

/** `12`, or `11–15` for a group. */
export function rowSeconds(row: TimelineRow): string {
  return row.first === row.last ? String(row.last) : `${row.first}–${row.last}`;
}
