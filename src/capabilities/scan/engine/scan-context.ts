import type { FalconSpec, SpecOperation } from '../../../engines/spec/spec-format.js';
import type { CanaryListener } from './canary-listener.js';
import type { GraphQLTarget } from './graphql-target.js';
import type { Identity } from './identity.js';
import type { ReplayStep } from './replay/replay-step.js';
import type { ScanExchange, ScanRequest } from './scan-exchange.js';
import type { Severity } from './severity.js';

/** What a check reports; the scan adds its rule's name, OWASP id, CWE and remediation, the excerpts and the curl line. */
export interface FindingDraft {
  severity: Severity;
  /** The operation it concerns (its path template), or the method and path probed. */
  operation: { method: string; path: string };
  title: string;
  /** The exchange that proves it. */
  exchange: ScanExchange;
  /** A second exchange the proof needs (reading back what the first one stored). */
  followUp?: ScanExchange;
  /**
   * What a reader runs to see it, in order, when that is more than `exchange` then `followUp`: the
   * owner's read before another user's, a burst, a token forged from the user's own. `exchange` is
   * among the steps: its line is the finding's curl.
   */
  replay?: ReplayStep[];
  /**
   * What was exposed (`password hash`, the cookie `sid`, `query orgId`): drafts of one rule and
   * operation that expose different things stay apart; the same thing is reported once.
   */
  exposed?: string;
}

/** Everything a check works with. Requests go only to the target, paced and counted. */
export interface ScanContext {
  baseUrl: string;
  spec: FalconSpec;
  /** The spec's operations in scope. */
  operations: SpecOperation[];
  /** The users and tokens given, logged in, in the order given. */
  identities: Identity[];
  /** DELETE, and changing other users' data, only with this. */
  allowDestructive: boolean;
  /**
   * Sends one request as `identity` (its credentials added), or with no credentials; `-H` headers
   * go on every request. Throws ScanStopped when the request budget is spent or the scan is
   * stopped, and DestructiveRequestError for a DELETE without allowDestructive.
   */
  send(request: ScanRequest, identity?: Identity): Promise<ScanExchange>;
  /** Sends requests at once, not paced (a bounded burst: login_rate_limit, resource_limits). */
  burst(requests: readonly ScanRequest[], identity?: Identity): Promise<ScanExchange[]>;
  /**
   * Runs `work` with no other request of the scan in flight (a check may probe several operations at
   * once): what a timing proof is confirmed in, so that another probe cannot pass for its delay.
   */
  alone<T>(work: () => Promise<T>): Promise<T>;
  /** A request the spec says is valid for the operation: example values, else generated ones. */
  validRequest(operation: SpecOperation): ScanRequest | undefined;
  /** A finding of the check that runs: the scan names its rule. */
  report(finding: FindingDraft): void;
  /** Why part of a check could not run, for the summary. */
  note(text: string): void;
  /** Falcon's own listener: a hit proves the server fetched a URL it was given. */
  canary(): Promise<CanaryListener>;
  /** Where the user said the target can reach the canary (`--canary-host`); absent: loopback, for a target on this machine. */
  canaryHost?: string;
  /** The GraphQL endpoint scanned, on a scan of one (`spec` then has no operation). */
  graphql?: GraphQLTarget;
  signal: AbortSignal;
}

/** What a check's GraphQL probes work with: requests go to the endpoint, as JSON POSTs. */
export interface GraphQLScanContext extends ScanContext {
  graphql: GraphQLTarget;
}
