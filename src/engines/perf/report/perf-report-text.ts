import type { PerfResult } from '../perf-result.js';

/** `0.412`, `9.87`, `44.4`, `199.6`, `1,235`: finer the smaller the figure, whole numbers from 1,000. */
export function formatFigure(value: number): string {
  const size = Math.abs(value);
  if (size >= 1000) return formatCount(Math.round(value));
  return String(Number(value.toFixed(size < 1 ? 3 : size < 10 ? 2 : 1)));
}

/**
 * A threshold's actual value, precise enough that it never reads as the limit it missed (`199.6`
 * beside `p95<200`, where three figures would show `200`).
 */
export function formatActual(value: number): string {
  return String(Number(value.toPrecision(6)));
}

/** `15,000`. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

const BYTE_UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];

/** `950 B`, `1.2 kB`, `34.5 MB` (powers of 1000, as network figures are given). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? Math.round(value) : formatFigure(value)} ${BYTE_UNITS[unit]}`;
}

/** `closed model, 10 connections`; `open model, 200 req/s, at most 50 connections`; stages and workers when there are any. */
export function loadText(result: PerfResult): string {
  const { load } = result;
  const connections = `${formatCount(load.connections)} connection${load.connections === 1 ? '' : 's'}`;
  const parts = [`${result.model} model`];
  if (load.stages) parts.push(`stages ${load.stages} (${result.model === 'open' ? 'req/s' : 'connections'})`);
  if (result.model === 'open') {
    if (load.rate !== undefined && !load.stages) parts.push(`${formatFigure(load.rate)} req/s`);
    parts.push(`at most ${connections}`);
  } else if (!load.stages) {
    parts.push(connections);
  } else {
    parts.push(`up to ${connections}`);
  }
  if (load.workers > 1) parts.push(`${load.workers} worker threads`);
  return parts.join(', ');
}

/** What the note on a stopped run says, in both formats. */
export const INTERRUPTED_NOTE = 'the run was stopped before its end (Ctrl-C, or the agent cancelled it): the figures cover only the part that ran.';

/** HTTP statuses in numeric order, then anything else the runner counted. */
export function statusRows(byStatus: Record<string, number>): Array<[string, number]> {
  return Object.entries(byStatus).sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b));
}
