/** The options of `falcon mock`, as commander gives them. */
export interface MockCommandFlags {
  port: number;
  host: string;
  stateful?: boolean;
  seed?: number;
  latency?: string;
  errors?: number;
}
