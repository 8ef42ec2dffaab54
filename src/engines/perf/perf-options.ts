import type { Profile } from './load-profiles.js';

/** A load run's shape as the command's options and the tool's arguments give it, before checking. */
export interface PerfOptions {
  /** Closed model: connections (virtual users); open model: the most connections. Default 10. */
  connections?: number;
  /** Requests per second: the open model. */
  rate?: number;
  /** `30s`; default 10s (a profile's own default with --profile). */
  duration?: string;
  /** Stop after this many requests instead of after a duration. */
  requests?: number;
  /** `10s:50,30s:50,10s:0`: connections in the closed model, rates in the open one. */
  stages?: string;
  profile?: Profile;
  /** `p95<200`, `error_rate<0.01`, … */
  thresholds?: string[];
  /** Per request; default 10s. */
  timeout?: string;
  /** Requests in flight on one connection; default 1 (no pipelining). */
  pipelining?: number;
  /** Worker threads; default 1. */
  workers?: number;
}
