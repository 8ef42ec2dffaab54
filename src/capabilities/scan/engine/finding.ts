import type { Severity } from './severity.js';

/** A finding as `--json` writes it (issue 17 fixes the names). */
export interface Finding {
  /** The name of the check that made it. */
  rule: string;
  owasp: string;
  cwe: string;
  severity: Severity;
  method: string;
  /** The spec's path template (`/users/{id}`), or the path probed when the spec has none for it. */
  path: string;
  title: string;
  /** Excerpts of the exchange that proves it, secrets masked. */
  evidence: { request: string; response: string };
  remediation: string;
  /** A shell line that sends the proving request again (secrets as shell variables). */
  curl: string;
  /**
   * When the proof takes more than that one request (two users, a write then a read, a burst, a token
   * forged from the user's own): the script that replays it all, in order, in one shell.
   */
  reproduce?: string[];
  /** The variables `curl` and `reproduce` read, which the reader sets first: the report's legend says how. */
  variables?: string[];
}
