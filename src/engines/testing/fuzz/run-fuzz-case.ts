import { type RequestParts, prepareRequest } from '../../http/prepare-request.js';
import { HttpRequestError } from '../../http/send-request.js';
import type { FalconSpec } from '../../spec/spec-format.js';
import type { ResponseChecker } from '../checks/check-response.js';
import { operationLabel } from '../generate/operation-case.js';
import { CaseRequestError, caseRequestParts, withEncodedMultipart } from '../run/case-http-request.js';
import { fillPlaceholders } from '../run/fill-placeholders.js';
import { recordRequest } from '../run/record-exchange.js';
import { type SendCaseOptions, sendPreparedCase } from '../run/send-case.js';
import { SpecSchemaValidator } from '../spec-schema/spec-schema-validator.js';
import type { CaseRequest, TestCase } from '../test-case.js';
import type { CaseResult, Finding, FindingKind, FuzzStats, RecordedRequest, RecordedResponse } from '../test-run.js';
import { type FuzzInput, type FuzzTarget, fixedRequest, fuzzTarget } from './fuzz-target.js';
import { type BodyReference, bodyReferences, withReferenceFields } from './reference-fields.js';
import { searchAndShrink } from './search-and-shrink.js';
import type { ReferenceFill } from '../references/fill-references.js';
import { filledReferences } from '../references/filled-references.js';
import { chainRequestTemplate } from '../run/chain-template.js';

/** Requests shrinking may send for one case: enough to bring a 10,000-character string down to one character. */
export const SHRINK_REQUEST_LIMIT = 300;
/** Time shrinking may take for one case, so that a slow API cannot hold the run. */
export const SHRINK_TIME_LIMIT_MS = 30_000;

export interface FuzzCaseOptions extends Omit<SendCaseOptions, 'values' | 'references'> {
  /** The operations' schemas; without the case's operation nothing can be drawn. */
  spec?: FalconSpec;
  /** The case's references filled from the API's own data: its path keeps them, and so does each valid body field they name. */
  filled?: ReferenceFill;
  /** Default SHRINK_REQUEST_LIMIT and SHRINK_TIME_LIMIT_MS. */
  shrinkLimits?: { requests?: number; timeMs?: number };
}

/** One input sent and judged. */
interface Attempt {
  input: FuzzInput;
  /** The body references the input kept from the API's own data. */
  applied: BodyReference[];
  request: CaseRequest;
  testCase: TestCase;
  description: string;
  recorded: RecordedRequest;
  response?: RecordedResponse;
  findings: Finding[];
}

/** Content Too Large, URI Too Long, Request Header Fields Too Large. */
const SIZE_LIMIT_STATUSES: ReadonlySet<number> = new Set([413, 414, 431]);

/** Characters of the input a failing case's name shows; the mutation has it all. */
const SHOWN_IN_NAME = 100;

const validators = new WeakMap<FalconSpec, Promise<SpecSchemaValidator>>();

/**
 * Runs a fuzz case: fast-check draws `fuzz.runs` inputs from `fuzz.seed` (fuzz-target.ts), and an
 * async property sends each, the case's path parameters and headers kept, and judges the response
 * with the run's checks: an input inside the schema must pass them all, one outside it must be
 * refused (negative_data_rejection), and none may break the server. The first input with a
 * finding is shrunk by fast-check's own shrinking, each smaller candidate sent in turn and kept
 * when it fails the same way (the same check, and the same status for a server error), until no
 * smaller one does or SHRINK_REQUEST_LIMIT / SHRINK_TIME_LIMIT_MS stop it. The result carries
 * the minimal input as the case's request (a plain case, which replays it) and `fuzz` says how
 * it went. The same seed sends the same inputs and, against the same API, finds the same minimal
 * one. A cancelled run stops between requests: a failure found by then is reported as far as it
 * was shrunk, else the case is skipped.
 */
export async function runFuzzCase(testCase: TestCase, check: ResponseChecker, options: FuzzCaseOptions): Promise<CaseResult> {
  const started = performance.now();
  const plan = testCase.fuzz!;
  const elapsed = () => Math.round(performance.now() - started);
  const operation = options.spec?.operations.find((candidate) => candidate.id === testCase.operationId);
  if (!options.spec || !operation) {
    return {
      case: testCase,
      outcome: 'failed',
      findings: [{ kind: 'request_error', message: `fuzzing needs the spec's operation ${testCase.operationId ?? '(none named)'} to draw inputs from` }],
      durationMs: 0,
    };
  }
  const spec = options.spec;
  const fixed = fixedRequest(testCase.request, operation, spec);
  // What goes out: the path with the references filled from the API's own data.
  const sentFixed = fixedRequest((options.filled?.testCase ?? testCase).request, operation, spec);
  let filled: { baseUrl: string; request: CaseRequest; headers: Record<string, string> };
  try {
    filled = await fillPlaceholders(
      { baseUrl: options.baseUrl, request: sentFixed, headers: options.headers ?? {} },
      new Map<string, string>(),
      options.variables,
      options.filled?.values,
    );
  } catch (error) {
    if (!(error instanceof CaseRequestError)) throw error;
    return { case: testCase, outcome: 'failed', findings: [{ kind: 'request_error', message: error.message }], durationMs: 0 };
  }
  const validator = await validatorFor(spec);
  const target = fuzzTarget(operation, spec, validator);
  const limits = { requests: options.shrinkLimits?.requests ?? SHRINK_REQUEST_LIMIT, timeMs: options.shrinkLimits?.timeMs ?? SHRINK_TIME_LIMIT_MS };
  const references = bodyReferences(options.filled?.used ?? [], operation, spec);
  const send = (input: FuzzInput) => sendInput(withReferenceFields(input, references, validator), testCase, target, fixed, filled, check, options);
  /** The references an attempt sent, and its request with each written `{{placeholder}}`, for a reproduction to take from its source. */
  const referencesOf = async (attempt: Attempt): Promise<Pick<CaseResult, 'references' | 'requestTemplate'>> => {
    if (!options.filled) return {};
    const applied = new Set(attempt.applied.map((reference) => reference.used));
    const used = options.filled.used.filter((reference) => reference.slot.in === 'path' || applied.has(reference));
    if (used.length === 0) return {};
    const marked = withReferenceFields(attempt.input, attempt.applied, validator, 'placeholder').input;
    const template = await chainRequestTemplate({ ...testCase, request: target.render(marked, sentFixed).request }, new Map(), {
      ...options,
      references: options.filled.values,
    });
    return { references: filledReferences(used, options.variables?.secrets), ...(template && { requestTemplate: template }) };
  };

  const outcome = await searchAndShrink({
    arbitrary: target.arbitrary,
    seed: plan.seed,
    runs: plan.runs,
    send,
    fails: (attempt) => attempt.findings.length > 0,
    failsLike: (candidate, first) => sameFailure(candidate, failureKind(first.findings, first.response)),
    limits,
    signal: options.signal,
  });
  const { failing, last } = outcome;
  const fuzz: FuzzStats = {
    seed: plan.seed,
    budget: plan.runs,
    inputs: outcome.inputs,
    shrinkSteps: outcome.shrinkSteps,
    shrinkRequests: outcome.shrinkRequests,
    ...(outcome.shrinkCut && { shrinkCut: outcome.shrinkCut }),
  };
  if (failing) {
    const reported = minimalCase(testCase, failing, operationLabel(operation), fuzz);
    return {
      case: reported,
      outcome: 'failed',
      findings: failing.findings,
      request: failing.recorded,
      ...(failing.response && { response: failing.response }),
      durationMs: elapsed(),
      fuzz,
      ...(await referencesOf(failing)),
    };
  }
  if (options.signal?.aborted) {
    return { case: testCase, outcome: 'skipped', findings: [], skipReason: 'cancelled', ...(last && { request: last.recorded }), durationMs: elapsed(), fuzz };
  }
  return {
    case: testCase,
    outcome: 'passed',
    findings: [],
    ...(last && { request: last.recorded, ...(last.response && { response: last.response }) }),
    durationMs: elapsed(),
    fuzz,
  };
}

async function sendInput(
  { input, applied }: { input: FuzzInput; applied: BodyReference[] },
  testCase: TestCase,
  target: FuzzTarget,
  fixed: CaseRequest,
  filled: { baseUrl: string; request: CaseRequest; headers: Record<string, string> },
  check: ResponseChecker,
  options: FuzzCaseOptions,
): Promise<Attempt> {
  const { fuzz: _fuzz, ...plain } = testCase;
  // The case keeps the request as written ({{VAR}} and all); what goes out has them filled.
  const rendered = target.render(input, fixed);
  const inputCase: TestCase = {
    ...plain,
    request: rendered.request,
    mutation: rendered.description,
    ...(rendered.verdict === 'outside' && { expectRejection: true }),
  };
  const wire = target.render(input, filled.request).request;
  const attempt = { input, applied, request: rendered.request, testCase: inputCase, description: rendered.description };
  let parts: RequestParts;
  let recorded: RecordedRequest;
  try {
    parts = await withEncodedMultipart(caseRequestParts(wire, filled.baseUrl, filled.headers));
    recorded = recordRequest(prepareRequest(parts), options.variables?.secrets);
  } catch (error) {
    if (!(error instanceof CaseRequestError || error instanceof HttpRequestError)) throw error;
    const unsent = recordRequest({ method: wire.method, url: filled.baseUrl + wire.path, headers: filled.headers }, options.variables?.secrets);
    return { ...attempt, recorded: unsent, findings: [{ kind: 'request_error', message: error.message }] };
  }
  const exchange = await sendPreparedCase({ case: inputCase, parts, request: recorded }, options);
  if (!exchange.http) return { ...attempt, recorded, findings: [{ kind: 'request_error', message: exchange.error ?? 'no response' }] };
  const findings = await check(inputCase, exchange.http, { sent: { request: recorded } });
  // A request too large for the server's HTTP layer is refused before the API sees it, with a status no spec lists.
  const judged = SIZE_LIMIT_STATUSES.has(exchange.http.status) ? findings.filter((finding) => finding.kind === 'max_response_time') : findings;
  return { ...attempt, recorded, ...(exchange.response && { response: exchange.response }), findings: judged };
}

/** What a failure is, for shrinking to keep: its main finding's kind, and for a server error its status. */
interface FailureKind {
  kind: FindingKind;
  status?: number;
}

/** A server error first: it is what fuzzing is for. */
function failureKind(findings: Finding[], response: RecordedResponse | undefined): FailureKind {
  const serverError = findings.find((finding) => finding.kind === 'not_a_server_error');
  if (serverError) return { kind: serverError.kind, ...(response && { status: response.status }) };
  return { kind: findings[0]!.kind };
}

function sameFailure(attempt: Attempt, failure: FailureKind): boolean {
  if (!attempt.findings.some((finding) => finding.kind === failure.kind)) return false;
  return failure.status === undefined || attempt.response?.status === failure.status;
}

/** The minimal failing input as a case of its own: no `fuzz`, so it replays as that one request. */
function minimalCase(testCase: TestCase, failing: Attempt, label: string, fuzz: FuzzStats): TestCase {
  const { fuzz: _fuzz, expectRejection: _expectRejection, ...plain } = failing.testCase;
  const steps = `${fuzz.shrinkSteps} shrink step${fuzz.shrinkSteps === 1 ? '' : 's'}`;
  const cut = fuzz.shrinkCut ? `, cut short (${fuzz.shrinkCut.replace('-', ' ')})` : '';
  const from = `input ${fuzz.inputs} of ${fuzz.budget} (seed ${fuzz.seed}) failed; ${steps} (${fuzz.shrinkRequests} requests${cut}) made it`;
  return {
    ...plain,
    id: testCase.id,
    name: `${label} with a fuzzed input, minimal after ${steps}: ${shortened(failing.description)}`,
    mutation: `${from}: ${failing.description}`,
    ...(failing.testCase.expectRejection && { expectRejection: true }),
  };
}

/** The input as a case name shows it: one line, cut. */
function shortened(description: string): string {
  return description.length > SHOWN_IN_NAME ? `${description.slice(0, SHOWN_IN_NAME - 1)}…` : description;
}

function validatorFor(spec: FalconSpec): Promise<SpecSchemaValidator> {
  let validator = validators.get(spec);
  if (!validator) validators.set(spec, (validator = SpecSchemaValidator.load(spec.schemas)));
  return validator;
}
