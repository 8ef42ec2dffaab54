import type { FindingDraft, GraphQLScanContext, ScanContext } from './scan-context.js';
import type { SeenExchange } from './seen-exchange.js';

/** What a rule of `falcon scan` declares about itself: the reports, the README and SARIF read it. */
export interface SecurityRule {
  /** What it finds, in a few words: the heading a dashboard shows above the rule's help. */
  title: string;
  /** The OWASP API Security Top 10 (2023) entry, `API1:2023`. */
  owasp: string;
  cwe: string;
  /** What proves a finding, for the README and SARIF. */
  proof: string;
  remediation: string;
}

/**
 * One rule of the scan, declared in one file; its name is its key in the check table
 * (checks/all-checks.ts). `run` (or `runGraphQL`) sends what it needs through the context and reports each finding a
 * response proves; it says with `ctx.note` why it could not check something (no second user, no
 * operation that takes a URL…), never reports a guess above `info`.
 */
export interface SecurityCheck extends SecurityRule {
  /**
   * Checks run lowest first: cheap, read-only ones before those that log in, write or send bursts.
   * Checks of the same runOrder run side by side (the injection checks: one waits on a sleep or a
   * canary while another sends), their findings and notes kept in the table's order.
   */
  runOrder: number;
  /** Its probes of a REST API (an OpenAPI, Swagger or Postman spec); absent: the rule has none. */
  run?(ctx: ScanContext): Promise<void>;
  /**
   * Its probes of a GraphQL endpoint; absent: the rule does not run on one. A scan of a GraphQL
   * target runs only the rules that declare it, and nothing else.
   */
  runGraphQL?(ctx: GraphQLScanContext): Promise<void>;
  /**
   * A passive rule: reads every answer the scan receives, whichever check sent it, logins included,
   * and returns what it proves (a draft per thing exposed, `exposed` naming it). Sends nothing.
   */
  passive?(seen: SeenExchange): FindingDraft[];
}

/** The checks a scan may run, by rule name, each loaded only when a scan runs it. */
export type CheckTable = Readonly<Record<string, () => Promise<SecurityCheck>>>;
