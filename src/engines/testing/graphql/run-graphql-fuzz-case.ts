import type { FalconSpec } from '../../spec/spec-format.js';
import type { ResponseChecker } from '../checks/check-response.js';
import { prepareCase, sendPreparedCase, type SendCaseOptions } from '../run/send-case.js';
import type { TestCase } from '../test-case.js';
import type { CaseResult, Finding, FindingKind, FuzzStats, RecordedRequest, RecordedResponse } from '../test-run.js';
import { SHRINK_REQUEST_LIMIT, SHRINK_TIME_LIMIT_MS } from '../fuzz/run-fuzz-case.js';
import { searchAndShrink } from '../fuzz/search-and-shrink.js';
import { variablesArbitrary } from './graphql-arbitraries.js';
import { rootFieldOf } from './graphql-cases.js';
import { graphqlSchemaOf } from './graphql-schema-of.js';
import { describeVariables, type GraphQLVariables } from './graphql-values.js';

export interface GraphQLFuzzOptions extends Omit<SendCaseOptions, 'values' | 'references'> {
  spec?: FalconSpec;
  shrinkLimits?: { requests?: number; timeMs?: number };
}

interface Attempt {
  testCase: TestCase;
  request: RecordedRequest;
  response?: RecordedResponse;
  status?: number;
  findings: Finding[];
}

/**
 * A GraphQL fuzz case: fast-check draws `fuzz.runs` sets of variables from the arguments' types
 * (graphql-arbitraries.ts), each posted with the case's operation and judged by the run's checks;
 * the first that fails is shrunk (each smaller candidate sent, kept when it fails with the same
 * check and status) until none smaller does or the limits of the REST fuzzing stop it. The result
 * carries the minimal variables as the case's request, so the report replays that one request.
 */
export async function runGraphQLFuzzCase(testCase: TestCase, check: ResponseChecker, options: GraphQLFuzzOptions): Promise<CaseResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const plan = testCase.fuzz!;
  const schema = graphqlSchemaOf(options.spec);
  const root = schema && testCase.operationId ? rootFieldOf({ id: testCase.operationId }, schema) : undefined;
  if (!root) {
    const message = `fuzzing needs the GraphQL schema's field for ${testCase.operationId ?? '(none named)'}`;
    return { case: testCase, outcome: 'failed', findings: [{ kind: 'request_error', message }], durationMs: 0 };
  }
  const limits = { requests: options.shrinkLimits?.requests ?? SHRINK_REQUEST_LIMIT, timeMs: options.shrinkLimits?.timeMs ?? SHRINK_TIME_LIMIT_MS };
  const { fuzz: _fuzz, ...plain } = testCase;
  const body = testCase.request.body as Record<string, unknown>;
  const caseFor = (variables: GraphQLVariables): TestCase => ({
    ...plain,
    name: `${root.kind} ${root.field.name} with fuzzed variables (${describeVariables(variables) || 'none'})`,
    mutation: `fuzzed variables ${JSON.stringify(variables).slice(0, 400)}`,
    request: { ...testCase.request, body: { ...body, variables } },
  });
  const send = async (variables: GraphQLVariables): Promise<Attempt> => {
    const inputCase = caseFor(variables);
    const prepared = await prepareCase(inputCase, options);
    if (!prepared.ok) return { testCase: inputCase, request: prepared.request, findings: [{ kind: 'request_error', message: prepared.error }] };
    const exchange = await sendPreparedCase(prepared, options);
    if (!exchange.http)
      return { testCase: inputCase, request: exchange.request, findings: [{ kind: 'request_error', message: exchange.error ?? 'no response' }] };
    const findings = await check(inputCase, exchange.http, { sent: { request: exchange.request } });
    return {
      testCase: inputCase,
      request: exchange.request,
      ...(exchange.response && { response: exchange.response }),
      status: exchange.http.status,
      findings,
    };
  };

  const search = (fails: (attempt: Attempt) => boolean) =>
    searchAndShrink({
      arbitrary: variablesArbitrary(root.field.args),
      seed: plan.seed,
      runs: plan.runs,
      send,
      fails,
      failsLike: (candidate, first) => candidate.findings.some((finding) => finding.kind === mainKind(first)) && candidate.status === first.status,
      limits,
      signal: options.signal,
    });
  // A server error is what fuzzing is for: the inputs are first run for one, and only without one
  // run again (the same inputs, from the same seed) to shrink the first failure of any other kind.
  let otherFailure = false;
  let outcome = await search((attempt) => {
    otherFailure ||= attempt.findings.length > 0;
    return attempt.findings.some((finding) => finding.kind === 'graphql_no_server_error');
  });
  if (!outcome.failing && otherFailure && !options.signal?.aborted) outcome = await search((attempt) => attempt.findings.length > 0);
  const { failing: found, last } = outcome;
  const fuzz: FuzzStats = {
    seed: plan.seed,
    budget: plan.runs,
    inputs: outcome.inputs,
    shrinkSteps: outcome.shrinkSteps,
    shrinkRequests: outcome.shrinkRequests,
    ...(outcome.shrinkCut && { shrinkCut: outcome.shrinkCut }),
  };
  if (found) {
    const steps = `${fuzz.shrinkSteps} shrink step${fuzz.shrinkSteps === 1 ? '' : 's'}`;
    const reported: TestCase = {
      ...found.testCase,
      id: testCase.id,
      name: `${found.testCase.name}, minimal after ${steps}`,
      mutation: `input ${fuzz.inputs} of ${fuzz.budget} (seed ${fuzz.seed}) failed; ${steps} (${fuzz.shrinkRequests} requests) made it: ${found.testCase.mutation ?? ''}`,
    };
    return {
      case: reported,
      outcome: 'failed',
      findings: found.findings,
      request: found.request,
      ...(found.response && { response: found.response }),
      durationMs: elapsed(),
      fuzz,
    };
  }
  if (options.signal?.aborted)
    return { case: testCase, outcome: 'skipped', findings: [], skipReason: 'cancelled', ...(last && { request: last.request }), durationMs: elapsed(), fuzz };
  return {
    case: testCase,
    outcome: 'passed',
    findings: [],
    ...(last && { request: last.request, ...(last.response && { response: last.response }) }),
    durationMs: elapsed(),
    fuzz,
  };
}

/** The kind a failure is kept by while shrinking: a server error first. */
function mainKind(attempt: Attempt): FindingKind {
  return attempt.findings.find((finding) => finding.kind === 'graphql_no_server_error')?.kind ?? attempt.findings[0]!.kind;
}
