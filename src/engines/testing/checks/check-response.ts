import type { FalconSpec } from '../../spec/spec-format.js';
import { SpecSchemaValidator } from '../spec-schema/spec-schema-validator.js';
import type { TestCase } from '../test-case.js';
import { CHECK_NAMES, type CheckName, type Finding } from '../test-run.js';
import type { CheckContext, CheckedResponse, ResponseCheck } from './check-context.js';
import { checksForCase, withoutRepeats } from './checks-for-case.js';
import { contentTypeConformance } from './content-type-conformance.js';
import { documentedResponse } from './documented-response.js';
import { ensureResourceAvailability } from './ensure-resource-availability.js';
import { expectedStatus } from './expected-status.js';
import { ignoredAuth } from './ignored-auth.js';
import { maxResponseTime } from './max-response-time.js';
import { negativeDataRejection } from './negative-data-rejection.js';
import { notAServerError } from './not-a-server-error.js';
import { positiveDataAcceptance } from './positive-data-acceptance.js';
import { responseHeadersConformance } from './response-headers-conformance.js';
import { responseSchemaConformance } from './response-schema-conformance.js';
import { statusCodeConformance } from './status-code-conformance.js';
import { unsupportedMethod } from './unsupported-method.js';
import { useAfterFree } from './use-after-free.js';

const CHECKS: Record<CheckName, ResponseCheck> = {
  not_a_server_error: notAServerError,
  status_code_conformance: statusCodeConformance,
  content_type_conformance: contentTypeConformance,
  response_schema_conformance: responseSchemaConformance,
  response_headers_conformance: responseHeadersConformance,
  negative_data_rejection: negativeDataRejection,
  positive_data_acceptance: positiveDataAcceptance,
  unsupported_method: unsupportedMethod,
  ignored_auth: ignoredAuth,
  use_after_free: useAfterFree,
  ensure_resource_availability: ensureResourceAvailability,
  max_response_time: maxResponseTime,
};

/** The checks that validate against the spec's schemas. */
const SCHEMA_CHECKS: ReadonlySet<CheckName> = new Set(['response_schema_conformance', 'response_headers_conformance']);

/** The checks that need the spec's operation; the others judge any response. */
const SPEC_CHECKS: ReadonlySet<CheckName> = new Set([
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
  'response_headers_conformance',
]);

export interface ResponseCheckOptions {
  /** Without it the checks of SPEC_CHECKS do not apply: the others judge any response. */
  spec?: FalconSpec;
  /** Default: all CHECK_NAMES. */
  checks?: readonly CheckName[];
  /** max_response_time is only checked when set. */
  maxResponseTimeMs?: number;
}

/**
 * Findings for one response of one case: every check that is on (for a probe, see checksForCase),
 * then the case's own `expectStatus`. `earlier`: for a chain step, the statuses of the steps before it.
 */
export type ResponseChecker = (testCase: TestCase, response: CheckedResponse, earlier?: ReadonlyMap<string, number>) => Promise<Finding[]>;

/** The checks that can fire with these options, in CHECK_NAMES order. */
export function activeChecks(options: ResponseCheckOptions): CheckName[] {
  const chosen = new Set(options.checks ?? CHECK_NAMES);
  return CHECK_NAMES.filter(
    (name) => chosen.has(name) && (options.spec || !SPEC_CHECKS.has(name)) && (name !== 'max_response_time' || options.maxResponseTimeMs !== undefined),
  );
}

/** A checker for one run: response schemas are compiled once and reused by every case. */
export function createResponseChecker(options: ResponseCheckOptions): ResponseChecker {
  const active = activeChecks(options);
  const needsSchemas = active.some((name) => SCHEMA_CHECKS.has(name));
  let validator: Promise<SpecSchemaValidator> | undefined;
  const operations = new Map((options.spec?.operations ?? []).map((operation) => [operation.id, operation]));
  return async (testCase, response, earlier) => {
    const operation = testCase.operationId === undefined ? undefined : operations.get(testCase.operationId);
    const context: CheckContext = {
      testCase,
      response,
      operation,
      documented: operation && documentedResponse(operation, response.status),
      maxResponseTimeMs: options.maxResponseTimeMs,
      ...(earlier && { earlier }),
      ...(needsSchemas && { schemas: await (validator ??= SpecSchemaValidator.load(options.spec?.schemas)) }),
    };
    const checks = checksForCase(active, testCase).map((name) => CHECKS[name]);
    const findings = await Promise.all([...checks, expectedStatus].map((check) => check(context)));
    return withoutRepeats(findings.flat());
  };
}
