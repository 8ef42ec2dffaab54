/** How a run is going, about four times a second. */
export interface LoadProgress {
  elapsedMs: number;
  /** Time-bound runs: what is left. */
  remainingMs?: number;
  /** How far along, 0–1: by time, or by count with --requests. */
  fraction: number;
  /** Requests answered or failed so far. */
  requests: number;
  /** The last whole second's requests and 95th percentile (ms). */
  rps: number;
  p95: number;
  /** Failed so far (HTTP 400 and over, no answer). */
  errors: number;
}

const PROGRESS_EVERY_MS = 250;

/** Four times a second, or twenty times in a run shorter than five seconds (so CI logs get every tenth). */
export function progressEveryMs(plannedMs: number | undefined): number {
  return plannedMs === undefined ? PROGRESS_EVERY_MS : Math.max(20, Math.min(PROGRESS_EVERY_MS, plannedMs / 20));
}
