/** The options of `falcon proxy`, as commander gives them. */
export interface ProxyCommandFlags {
  target: string;
  port: number;
  host: string;
  report?: string;
  failOnMismatch?: boolean;
}
