import type { Severity } from '../engine/severity.js';

/** What commander gives `falcon scan`'s action. */
export interface ScanCommandFlags {
  /** Start the API's server first, stop it after (`cli/serve/`). */
  serve?: boolean;
  spec?: string;
  baseUrl?: string;
  graphql?: string;
  graphqlSchema?: string;
  env?: string;
  user?: string[];
  token?: string[];
  login?: string;
  header?: string[];
  checks?: string[];
  allowDestructive?: boolean;
  rate?: number;
  maxRate?: number;
  canaryHost?: string;
  maxRequests?: number;
  timeout?: string;
  failOn: Severity | 'none';
  json?: string;
  sarif?: string;
  report?: string;
}
