import type { FalconSpec } from '../../spec/spec-format.js';
import { SpecSchemaValidator } from '../spec-schema/spec-schema-validator.js';
import type { TestCase } from '../test-case.js';
import { CHECK_NAMES, type CheckName, type Finding } from '../test-run.js';
import type { CheckContext, CheckedResponse, SentRequest, SentWrite, SpecTestCheck, WalkedPages } from './check-context.js';
import { checksForCase, withoutRepeats } from './checks-for-case.js';
import { documentedResponse } from './documented-response.js';
import { expectedStatus } from './expected-status.js';
import { SPEC_TEST_CHECKS } from './all-checks.js';

const CHECKS = new Map(SPEC_TEST_CHECKS.map((check) => [check.name, check]));

export interface ResponseCheckOptions {
  /** Without it the checks that need the spec do not apply: the others judge any response. */
  spec?: FalconSpec;
  /** Default: all CHECK_NAMES. */
  checks?: readonly CheckName[];
  /** max_response_time is only checked when set. */
  maxResponseTimeMs?: number;
}

/** What a response is judged with besides itself (see CheckContext); operations are named by id, the checker finds them. */
export interface CheckEvidence {
  earlier?: ReadonlyMap<string, number>;
  sent?: SentRequest;
  sentBody?: unknown;
  writes?: ReadonlyArray<Omit<SentWrite, 'operation'>>;
  readBack?: { response: CheckedResponse; operationId: string };
  walk?: WalkedPages;
}

/**
 * Findings for one response of one case: every check that is on (for a probe, see checksForCase),
 * then the case's own `expectStatus`. `evidence`: what else the run knows of it (a chain's earlier steps …).
 */
export type ResponseChecker = (testCase: TestCase, response: CheckedResponse, evidence?: CheckEvidence) => Promise<Finding[]>;

/** The checks that can fire with these options, in CHECK_NAMES order: a GraphQL spec's own, or the others. */
export function activeChecks(options: ResponseCheckOptions): CheckName[] {
  const chosen = new Set(options.checks ?? CHECK_NAMES);
  const graphql = options.spec?.kind === 'graphql';
  return CHECK_NAMES.filter((name) => chosen.has(name) && forApi(CHECKS.get(name)!, graphql) && applies(CHECKS.get(name)!.needs, options));
}

function forApi(check: SpecTestCheck, graphql: boolean): boolean {
  return check.api === 'graphql' ? graphql : !graphql || check.name === 'max_response_time';
}

/** A checker for one run: response schemas are compiled once and reused by every case. */
export function createResponseChecker(options: ResponseCheckOptions): ResponseChecker {
  const active = activeChecks(options);
  const needsSchemas = active.some((name) => CHECKS.get(name)!.needs === 'schemas');
  let validator: Promise<SpecSchemaValidator> | undefined;
  const operations = new Map((options.spec?.operations ?? []).map((operation) => [operation.id, operation]));
  const operationOf = (id: string | undefined) => (id === undefined ? undefined : operations.get(id));
  return async (testCase, response, evidence = {}) => {
    const operation = operationOf(testCase.operationId);
    const { earlier, sent, sentBody, writes, readBack, walk } = evidence;
    const readOperation = readBack && operationOf(readBack.operationId);
    const context: CheckContext = {
      testCase,
      response,
      operation,
      documented: operation && documentedResponse(operation, response.status),
      maxResponseTimeMs: options.maxResponseTimeMs,
      ...(options.spec && { spec: options.spec }),
      ...(earlier && { earlier }),
      ...(sent && { sent }),
      ...(sentBody !== undefined && { sentBody }),
      ...(writes && { writes: writes.map((write) => ({ ...write, operation: operationOf(write.testCase.operationId) })) }),
      ...(readBack && {
        readBack: {
          response: readBack.response,
          operation: readOperation,
          documented: readOperation && documentedResponse(readOperation, readBack.response.status),
        },
      }),
      ...(walk && { walk }),
      ...(needsSchemas && { schemas: await (validator ??= SpecSchemaValidator.load(options.spec?.schemas)) }),
    };
    const findings = await Promise.all(
      checksForCase(active, testCase).map(async (name): Promise<Finding[]> =>
        (await CHECKS.get(name)!.judge(context)).map((message) => ({ kind: name, message })),
      ),
    );
    return withoutRepeats([...findings.flat(), ...expectedStatus(context)]);
  };
}

function applies(needs: SpecTestCheck['needs'], options: ResponseCheckOptions): boolean {
  if (needs === 'time-limit') return options.maxResponseTimeMs !== undefined;
  return needs === undefined || options.spec !== undefined;
}
