/** One way the traffic differed from the spec, as it happened. */
export interface ProxyMismatch {
  /** ISO time it was seen. */
  at: string;
  method: string;
  /** The path and query as requested (secrets masked). */
  path: string;
  /** The operation the request matched; absent for a request no operation documents. */
  operationId?: string;
  /** The target's status; absent when the request is judged before it is sent or the target did not answer. */
  status?: number;
  /** `falcon test`'s check names for responses; `undocumented_operation` and `request_conformance` for requests. */
  check: string;
  message: string;
}

/** What `falcon proxy` writes when it ends: the traffic it saw and every mismatch. */
export interface ProxyReport {
  format: 'falcon-proxy-report/1';
  /** The spec's title and version, and where it came from. */
  spec: { title: string; version: string; source: string };
  target: string;
  startedAt: string;
  endedAt: string;
  /** Requests forwarded (and those the target did not answer). */
  exchanges: number;
  /** Exchanges by operation id (`(undocumented)` for the rest). */
  operations: Record<string, number>;
  mismatches: ProxyMismatch[];
}

export const UNDOCUMENTED = '(undocumented)';
