import type { HttpResponse } from '../../http/send-request.js';
import type { FalconSpec, SpecOperation } from '../../spec/spec-format.js';
import type { VariableScope } from '../../../workspace/variable-scope.js';
import type { SentWrite } from '../checks/check-context.js';
import { type CheckEvidence, type ResponseChecker, activeChecks, createResponseChecker } from '../checks/check-response.js';
import { runPageWalk } from '../pagination/walk-pages.js';
import { fillReferences, type ReferenceFill } from '../references/fill-references.js';
import { filledReferences } from '../references/filled-references.js';
import { ReferencePool } from '../references/reference-pool.js';
import type { SeedData } from '../references/seed-data.js';
import { SpecSchemaValidator } from '../spec-schema/spec-schema-validator.js';
import type { TestCase } from '../test-case.js';
import type { CaseResult, CheckName, FindingKind, TestRun } from '../test-run.js';
import { runWarnings } from '../warnings/run-warnings.js';
import { extractChainValues, maskedValues } from './chain-values.js';
import { chainRequestTemplate } from './chain-template.js';
import { learnReferences } from './learn-references.js';
import { sendReadBack } from './read-back.js';
import { runInLanes } from './run-in-lanes.js';
import { runPhases } from './run-phases.js';
import { type CaseExchange, prepareCase, type SendCaseOptions, sendPreparedCase } from './send-case.js';
import { sentJson } from './sent-json.js';
import { specLabel } from '../../spec/summarize-spec.js';

export interface RunCasesOptions {
  /** No trailing slash needed; each case's path is appended. */
  baseUrl: string;
  /** For the conformance checks; without it only not_a_server_error, negative_data_rejection, max_response_time and expected_status. */
  spec?: FalconSpec;
  /** Default: all CHECK_NAMES. */
  checks?: readonly CheckName[];
  /** Requests in flight at once, default 4; the steps of a chain run one after the other. */
  concurrency?: number;
  /** max_response_time is only checked when set. */
  maxResponseTimeMs?: number;
  /** Added to every request (auth); may hold `{{VAR}}`. */
  headers?: Record<string, string>;
  /** Fill `{{VAR}}` after the values extracted by the case's chain. */
  variables?: VariableScope;
  /** Per request, default 30 s. */
  timeoutMs?: number;
  /** Default: the spec's title and version with a spec, else `Test run`. */
  title?: string;
  /** The coverage denominator; default: the distinct operationIds of the cases. */
  operationsInScope?: number;
  /** Cancels the run: cases not yet answered are skipped ("cancelled"). */
  signal?: AbortSignal;
  /** Ids and keys the user gave (`--seed-data`): they fill references before what the API returns. */
  seedData?: SeedData;
  /** Called as each case finishes (skipped ones too); `done` counts up to `total`. */
  onResult?(result: CaseResult, done: number, total: number): void;
  /** Told of every request that got an answer (send-case.ts): the coverage's source. */
  onExchange?: SendCaseOptions['onExchange'];
}

export const DEFAULT_CONCURRENCY = 4;
const CANCELLED = 'cancelled';
const MAX_REFUSAL_CHARS = 100;
const WRITES = new Set(['POST', 'PUT', 'PATCH']);
const NOT_BLOCKING: ReadonlySet<FindingKind> = new Set(['write_read_consistency', 'use_after_free']);

/** What a chain's steps learn of one another as they run, for the checks of the later steps. */
interface ChainMemory {
  /** The status each step answered with (use_after_free, delete_effective …). */
  statuses: Map<string, number>;
  /** The steps that wrote a JSON body and were answered 2xx (write_read_consistency). */
  writes: Array<Omit<SentWrite, 'operation'>>;
}

/**
 * Sends the cases and checks every response. Independent cases run in parallel up to the
 * concurrency, in phases (run-phases.ts): the lists and creates whose answers give ids before the
 * cases that refer to them, each case's references filled from what earlier phases got back (or
 * the seed data) before it is sent. A chain's steps run in order, each filling `{{name}}` from what
 * the earlier steps extracted, and a step that fails or sends nothing skips the rest of its chain.
 * Results come in the order the cases were given.
 */
export async function runCases(cases: TestCase[], options: RunCasesOptions): Promise<TestRun> {
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a whole number of at least 1, got ${concurrency}`);
  const startedAt = new Date();
  const started = performance.now();
  const checkOptions = { spec: options.spec, checks: options.checks, maxResponseTimeMs: options.maxResponseTimeMs };
  const check = createResponseChecker(checkOptions);
  const results: CaseResult[] = new Array<CaseResult>(cases.length);
  const references = await referenceContext(cases, options);
  let done = 0;
  const finish = (index: number, result: CaseResult) => {
    results[index] = result;
    done += 1;
    options.onResult?.(result, done, cases.length);
  };

  const runUnit = async (unit: number[]) => {
    const values = new Map<string, string>();
    const memory: ChainMemory = { statuses: new Map(), writes: [] };
    let blocked: string | undefined;
    for (const index of unit) {
      const testCase = cases[index]!;
      const skipReason = options.signal?.aborted ? CANCELLED : blocked;
      if (skipReason) {
        finish(index, skipped(testCase, skipReason));
        continue;
      }
      const operation = testCase.operationId === undefined ? undefined : references?.operations.get(testCase.operationId);
      const fill = references && operation ? fillReferences(testCase, operation, references.pool, references.spec, references.validator) : undefined;
      const { result, http, sentBody } = await runCase(testCase, fill, values, check, options, memory);
      if (result.response) memory.statuses.set(testCase.id, result.response.status);
      if (http && sentBody !== undefined && http.status >= 200 && http.status <= 299 && WRITES.has(testCase.request.method.toUpperCase())) {
        memory.writes.push({ testCase, label: stepLabel(testCase), body: sentBody });
      }
      if (fill && result.request && !testCase.fuzz) result.references = filledReferences(fill.used, options.variables?.secrets);
      if (references && operation && http) learnReferences(references.pool, index, testCase, operation, http, result, fill?.used);
      // What a reproduction needs: where the case used earlier values or the API's data, what it extracted.
      const template =
        (values.size > 0 || fill) && result.request && !testCase.fuzz
          ? await chainRequestTemplate(fill?.testCase ?? testCase, values, { ...options, values, ...(fill && { references: fill.values }) })
          : undefined;
      if (template) result.requestTemplate = template;
      if (!testCase.chain) {
        finish(index, result);
        continue;
      }
      blocked = stepBlocks(testCase, result);
      const extracted = !blocked && http ? extractChainValues(testCase, http) : undefined;
      if (extracted?.ok) {
        for (const [name, value] of Object.entries(extracted.values)) values.set(name, value);
        if (Object.keys(extracted.values).length > 0) result.extracted = maskedValues(extracted.values, options.variables?.secrets);
      } else if (extracted) blocked = http && http.status >= 400 ? refusedStep(testCase, http) : `${stepLabel(testCase)} gave ${extracted.error}`;
      finish(index, result);
    }
  };
  for (const phase of runPhases(cases, options.spec)) {
    await runInLanes(phase, concurrency, runUnit);
    references?.pool.commit();
  }

  const warnings = runWarnings(results, options.spec);
  const operations = (sent: boolean) => new Set(results.filter((result) => !sent || result.response).flatMap((result) => result.case.operationId ?? [])).size;
  return {
    title: options.title ?? (options.spec ? specLabel(options.spec) : 'Test run'),
    baseUrl: options.baseUrl,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    checks: activeChecks(checkOptions),
    operations: { total: options.operationsInScope ?? operations(false), covered: operations(true) },
    results,
    ...(warnings.length > 0 && { warnings }),
  };
}

/** What filling references needs: the pool of the API's data, the operations by id, the spec's schemas; undefined when no case has a reference. */
interface ReferenceContext {
  pool: ReferencePool;
  spec: FalconSpec;
  operations: Map<string, SpecOperation>;
  validator: SpecSchemaValidator;
}

async function referenceContext(cases: readonly TestCase[], options: RunCasesOptions): Promise<ReferenceContext | undefined> {
  const spec = options.spec;
  if (!spec || !cases.some((testCase) => testCase.references)) return undefined;
  return {
    pool: new ReferencePool(spec, options.seedData),
    spec,
    operations: new Map(spec.operations.map((operation) => [operation.id, operation])),
    validator: await SpecSchemaValidator.load(spec.schemas),
  };
}

/** The result, the whole response for the chain to read its values from, and the JSON body it sent. */
async function runCase(
  testCase: TestCase,
  fill: ReferenceFill | undefined,
  values: ReadonlyMap<string, string>,
  check: ResponseChecker,
  options: RunCasesOptions,
  memory: ChainMemory,
): Promise<{ result: CaseResult; http?: HttpResponse; sentBody?: unknown }> {
  if (testCase.fuzz && testCase.graphql) {
    const { runGraphQLFuzzCase } = await import('../graphql/run-graphql-fuzz-case.js');
    return { result: await runGraphQLFuzzCase(testCase, check, options) };
  }
  if (testCase.fuzz) {
    // fast-check loads only for a run that fuzzes.
    const { runFuzzCase } = await import('../fuzz/run-fuzz-case.js');
    return { result: await runFuzzCase(testCase, check, { ...options, ...(fill && { filled: fill }) }) };
  }
  if (testCase.walk) return { result: await runPageWalk(fill?.testCase ?? testCase, check, { ...options, ...(fill && { references: fill.values }) }) };
  const prepared = await prepareCase(fill?.testCase ?? testCase, { ...options, values, ...(fill && { references: fill.values }) });
  if (!prepared.ok) return { result: { case: testCase, outcome: 'failed', findings: [{ kind: 'request_error', message: prepared.error }], durationMs: 0 } };
  const started = performance.now();
  let exchange: CaseExchange;
  try {
    exchange = await sendPreparedCase(prepared, options);
  } catch (error) {
    if (options.signal?.aborted) return { result: { ...skipped(testCase, CANCELLED), request: prepared.request } };
    throw error;
  }
  const { http, request, response } = exchange;
  if (!http || !response) {
    const findings = [{ kind: 'request_error' as const, message: exchange.error ?? 'no response' }];
    return { result: { case: testCase, outcome: 'failed', findings, request, durationMs: Math.round(performance.now() - started) } };
  }
  const references = fill && filledReferences(fill.used, options.variables?.secrets);
  const sentBody = sentJson(prepared.parts);
  const evidence: CheckEvidence = {
    earlier: memory.statuses,
    sent: { request, ...(references && { references }) },
    writes: memory.writes,
    ...(sentBody !== undefined && { sentBody }),
  };
  const succeeded = http.status >= 200 && http.status <= 299;
  const readBack = testCase.readBack && succeeded ? await sendReadBack(testCase, { ...options, values }).catch(unlessCancelled(options.signal)) : undefined;
  if (readBack?.http) evidence.readBack = { response: readBack.http, operationId: testCase.readBack!.operationId };
  const findings = await check(testCase, http, evidence);
  const result: CaseResult = { case: testCase, outcome: findings.length > 0 ? 'failed' : 'passed', findings, request, response, durationMs: http.durationMs };
  if (readBack) result.followUps = [readBack.followUp];
  return { result, http, ...(sentBody !== undefined && { sentBody }) };
}

/** A request cancelled with the run is left unsent; any other error stays one. */
function unlessCancelled(signal: AbortSignal | undefined): (error: unknown) => undefined {
  return (error) => {
    if (signal?.aborted) return undefined;
    throw error;
  };
}

function skipped(testCase: TestCase, reason: string): CaseResult {
  return { case: testCase, outcome: 'skipped', findings: [], skipReason: reason, durationMs: 0 };
}

/**
 * Why the steps after this one cannot run, if they cannot. A step whose only findings are that it
 * stored other values than it sent, or changed a resource it had deleted, still left what the later
 * steps work on.
 */
function stepBlocks(testCase: TestCase, result: CaseResult): string | undefined {
  if (result.outcome === 'passed') return undefined;
  if (result.outcome === 'failed' && result.findings.length > 0 && result.findings.every((finding) => NOT_BLOCKING.has(finding.kind))) return undefined;
  if (result.outcome === 'skipped')
    return result.skipReason === CANCELLED ? CANCELLED : `${stepLabel(testCase)} was skipped: ${result.skipReason ?? 'not sent'}`;
  const [first, ...others] = result.findings;
  const more = others.length > 0 ? ` (and ${others.length} more finding${others.length === 1 ? '' : 's'})` : '';
  return `${stepLabel(testCase)} failed: ${first?.message ?? 'no response'}${more}`;
}

/** A step that passed with a 4xx (a 404, an unknown reference: missing test data), and so gave nothing to carry on with. */
function refusedStep(testCase: TestCase, http: HttpResponse): string {
  const said = http.binary ? '' : http.body.replace(/\s+/g, ' ').trim().slice(0, MAX_REFUSAL_CHARS);
  return `${stepLabel(testCase)} answered ${http.status}${said ? `: ${said}` : ''}, so there is nothing to carry on with`;
}

/** `step 1 (createPet)`. */
function stepLabel(testCase: TestCase): string {
  return `step ${testCase.chain?.step ?? 1} (${testCase.operationId ?? testCase.id})`;
}
