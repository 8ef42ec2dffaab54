/** One request the mock or the proxy answered, as its log line shows it. */
export interface MockLogEntry {
  method: string;
  /** The path and query as requested. */
  path: string;
  status: number;
  /** The operation the request matched, when it matched one. */
  operationId?: string;
  /** Why the request was refused or what was injected; empty when it was valid. */
  problems: string[];
}
