import type { TestCase } from './test-case.js';

import type { CheckName } from './checks/all-checks.js';
import type { RunCoverage } from './coverage/run-coverage.js';
import type { FilledReference, RecordedRequest } from './sent-request.js';

export type { FilledReference, RecordedRequest, ReferenceSource } from './sent-request.js';

export { CHECK_NAMES, type CheckName } from './checks/all-checks.js';

/**
 * Why a case failed. Besides the checks: `expected_status` (the case's own `expectStatus`),
 * `assertion` (a saved request's assertions), `regression` and `idempotency` (their tools),
 * `request_error` (no response: refused, timed out, a placeholder with no value).
 */
export type FindingKind = CheckName | 'expected_status' | 'assertion' | 'regression' | 'idempotency' | 'request_error';

export interface Finding {
  kind: FindingKind;
  /** One line with the evidence: `status 418 is not documented for getPet (documented: 200, 404)`. */
  message: string;
}

/** The response as received; the body is cut at MAX_RECORDED_BODY_CHARS with a note. */
export interface RecordedResponse {
  status: number;
  statusText: string;
  headers: Record<string, string | string[]>;
  body: string;
  durationMs: number;
  /** What the API's server printed about it (500 or more), and notes (it may run the old code), when Falcon runs the server. */
  serverLog?: string[];
}

export const MAX_RECORDED_BODY_CHARS = 64 * 1024;

export type CaseOutcome = 'passed' | 'failed' | 'skipped';

export interface CaseResult {
  case: TestCase;
  /** `failed` when there is any finding; `skipped` when it was not sent (an earlier chain step failed, cancelled). */
  outcome: CaseOutcome;
  findings: Finding[];
  /** Absent when nothing was sent. */
  request?: RecordedRequest;
  response?: RecordedResponse;
  /** Why it was skipped. */
  skipReason?: string;
  /** From sending to the whole response read (0 when skipped). */
  durationMs: number;
  /** A chain step: the values it extracted for the later steps, name → value (masked like the rest). */
  extracted?: Record<string, string>;
  /**
   * A chain step that used values extracted by earlier steps: its request with each such value as
   * `{{name}}`, so that a reproduction can carry them in shell variables (report/chain-reproduction.ts).
   */
  requestTemplate?: RecordedRequest;
  /** A fuzz case: how its inputs went (fuzz/run-fuzz-case.ts). */
  fuzz?: FuzzStats;
  /**
   * The references it sent from the API's own data or the seed data instead of their generated
   * values, in `requestTemplate` as `{{placeholder}}` (a reproduction takes each from its source).
   */
  references?: FilledReference[];
  /** Requests the case sent after its own, part of its evidence: a write's read back, a walk's later pages. */
  followUps?: FollowUp[];
}

/** One request a case sent after its own request, and what came back. */
export interface FollowUp {
  /** What it was, as reports name it: `read back`, `page 2`, `page 4 (past the end)`. */
  label: string;
  request: RecordedRequest;
  /** Absent when nothing came back. */
  response?: RecordedResponse;
  /** As CaseResult.requestTemplate: the request with the chain's values as `{{name}}`. */
  requestTemplate?: RecordedRequest;
}

/** A fuzz case's inputs: when one failed, the case's request is the minimal failing input shrinking found. */
export interface FuzzStats {
  /** The fast-check seed its inputs were drawn from (derived from the run's `--seed` and the operation). */
  seed: number;
  /** Inputs it would send: `--max-cases`. */
  budget: number;
  /** Inputs sent: the whole budget, or up to the first that failed. */
  inputs: number;
  /** Smaller inputs that still failed, one after the other, from the first failing input to the one reported. */
  shrinkSteps: number;
  /** Requests sent while shrinking, candidates that passed included. */
  shrinkRequests: number;
  /** Why shrinking stopped early, when it did: the reported input may not be minimal. */
  shrinkCut?: 'request-limit' | 'time-limit' | 'cancelled';
}

export interface TestRun {
  /** `Petstore 1.0.0`, or what the caller names the run. */
  title: string;
  baseUrl: string;
  /** ISO 8601. */
  startedAt: string;
  durationMs: number;
  /** The checks that were on. */
  checks: CheckName[];
  /** Operations in scope (after include/exclude) and those at least one sent case exercised. */
  operations: { total: number; covered: number };
  /** In the order the cases were given. */
  results: CaseResult[];
  /** Identifies the API description tested (its content, not where it was read from): merged reports must share it. */
  specDigest?: string;
  /** The run was one part of a split run (`falcon test --shard 2/4`). */
  shard?: RunShard;
  /** A run merged from several reports (`falcon test merge-reports`): each part's start, duration and counts, in order. */
  parts?: RunPart[];
  /** Operations the run proved nothing about (a false green): see warnings/run-warnings.ts. Absent: none. */
  warnings?: RunWarning[];
  /** The run was told to pass despite its warnings (`falcon test --allow-warnings`). */
  warningsAllowed?: boolean;
  /** What of the spec the run's requests exercised (coverage/), for a run of a spec's operations (`falcon test`). */
  coverage?: RunCoverage;
  /** The share of documented responses the run had to see, in percent (`--min-coverage`). */
  minCoverage?: number;
}

/**
 * Why an operation's cases never reached its logic: `missing_auth` (most answered 401/403),
 * `missing_test_data` (most answered 404, or most valid ones a 409/422 naming an unknown
 * reference), `method_not_allowed` (all answered 405).
 */
export const WARNING_KINDS = ['missing_auth', 'missing_test_data', 'method_not_allowed'] as const;
export type WarningKind = (typeof WARNING_KINDS)[number];

export interface RunWarning {
  kind: WarningKind;
  /** The operationId, else `METHOD /path`. */
  operation: string;
  /** `missing_test_data` for an unknown reference: the parameter or body field it names (`customerId`). */
  parameter?: string;
  /** One line: what the answers mean, e.g. `getPet needs auth the run did not send: apiKey "ApiKeyAuth" in header X-API-Key`. */
  message: string;
  /** The counts behind it: `9 of 10 cases answered 401 or 403 (401 ×9)`. */
  evidence: string;
  /** What to do: `pass it with -H "X-API-Key: {{API_KEY}}" …`. */
  advice: string;
}

/** Which part of a split run this is: `index` of `count`, 1-based, and how many operations all the parts have together. */
export interface RunShard {
  index: number;
  count: number;
  operationsInAllShards: number;
}

/** One report merged into a run. */
export interface RunPart {
  shard?: RunShard;
  baseUrl: string;
  startedAt: string;
  durationMs: number;
  cases: number;
  failed: number;
}

export interface RunTally {
  cases: number;
  passed: number;
  failed: number;
  skipped: number;
  /** Findings by kind, most first. */
  findingsByKind: Array<{ kind: FindingKind; count: number }>;
}

export function tallyRun(run: TestRun): RunTally {
  const byKind = new Map<FindingKind, number>();
  for (const result of run.results) for (const finding of result.findings) byKind.set(finding.kind, (byKind.get(finding.kind) ?? 0) + 1);
  const count = (outcome: CaseResult['outcome']) => run.results.filter((result) => result.outcome === outcome).length;
  return {
    cases: run.results.length,
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
    findingsByKind: [...byKind].map(([kind, total]) => ({ kind, count: total })).sort((a, b) => b.count - a.count),
  };
}
