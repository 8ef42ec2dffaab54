import type { Profile } from '../../../engines/perf/load-profiles.js';

/** What commander gives `falcon perf`'s action. */
export interface PerfCommandFlags {
  /** Start the API's server first, stop it after (`cli/serve/`). */
  serve?: boolean;
  method?: string;
  header?: string[];
  body?: string;
  request?: string;
  operations?: string[];
  spec?: string;
  baseUrl?: string;
  env?: string;
  connections?: number;
  rate?: number;
  duration?: string;
  requests?: number;
  stages?: string;
  profile?: Profile;
  threshold?: string[];
  timeout?: string;
  pipelining?: number;
  workers?: number;
  json?: string;
  report?: string;
  exportK6?: string;
  ws?: string;
  message?: string;
  subprotocol?: string[];
}
