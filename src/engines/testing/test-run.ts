import type { TestCase } from './test-case.js';

/** The checks made on every response (Schemathesis names them alike). */
export const CHECK_NAMES = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
  'response_headers_conformance',
  'negative_data_rejection',
  'max_response_time',
] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

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

/** The request as sent, secrets masked. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** The response as received; the body is cut at MAX_RECORDED_BODY_CHARS with a note. */
export interface RecordedResponse {
  status: number;
  statusText: string;
  headers: Record<string, string | string[]>;
  body: string;
  durationMs: number;
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
