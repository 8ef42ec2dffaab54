/**
 * What a load run does, fully resolved: requests ready for the wire (placeholders filled in), the
 * load model and its shape. Plain data, so a worker thread can take it as it is.
 */
export interface PerfRequest {
  method: string;
  /** Absolute http:// or https:// URL. */
  url: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body?: string;
  /** Share of the requests this one gets, relative to the others' weights. */
  weight: number;
  /** How reports name it: `GET /users/{id}`, a saved request's name, or the method and URL. */
  label: string;
}

/** What a load run sends, and how reports name it (before masking). */
export interface PerfTarget {
  requests: PerfRequest[];
  /** `GET http://host/path`, `request NAME (GET http://…)`, `N operations of <title> at <base URL>`. */
  target: string;
  /** Where the requests are addressed from: the spec operations' base URL, `{{BASE_URL}}` filled in, else the URL's origin. */
  baseUrl: string;
}

/** `closed`: a fixed number of connections sending back to back; `open`: requests arriving at a rate. */
export type LoadModel = 'closed' | 'open';

/** Over `durationMs`, move linearly to `target`: connections (closed) or requests per second (open). */
export interface Stage {
  durationMs: number;
  target: number;
}

export interface PerfScenario {
  /** What the run is against, as reports show it (secrets masked by the caller). */
  target: string;
  requests: PerfRequest[];
  model: LoadModel;
  /** Closed: the connections (virtual users); open: the most connections opened. */
  connections: number;
  /** Open model without stages: requests per second. */
  rate?: number;
  /** Ramps; their durations add up to the run's duration. */
  stages?: Stage[];
  /** Where the first stage starts from: connections (closed) or requests per second (open); default 0. */
  startTarget?: number;
  /** How long to send; ignored when `stages` are given. */
  durationMs?: number;
  /** Stop after this many requests instead (the closed model without stages). */
  requestCount?: number;
  /** A request without a full answer after this long counts as a timeout. */
  timeoutMs: number;
  /** Requests in flight on one connection (HTTP/1.1 pipelining); 1 means none. */
  pipelining: number;
  /** Worker threads sharing the load; 1 runs in the main thread. */
  workers: number;
}

/** The load shape's figures, `p95<200`: evaluated against the result. */
export interface ThresholdSpec {
  expr: string;
  metric: ThresholdMetric;
  op: '<' | '<=' | '>' | '>=' | '==';
  value: number;
}

export const LATENCY_METRICS = ['min', 'mean', 'p50', 'p90', 'p95', 'p99', 'p999', 'max'] as const;
export const THRESHOLD_METRICS = [...LATENCY_METRICS, 'rps', 'error_rate', 'failed'] as const;
export type LatencyMetric = (typeof LATENCY_METRICS)[number];
export type ThresholdMetric = (typeof THRESHOLD_METRICS)[number];
