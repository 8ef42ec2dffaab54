import type { FalconSpec } from '../../spec/spec-format.js';
import { SpecSchemaValidator } from '../spec-schema/spec-schema-validator.js';
import type { TestCase } from '../test-case.js';
import { CHECK_NAMES, type CheckName, type Finding } from '../test-run.js';
import type { CheckContext, CheckedResponse, ResponseCheck } from './check-context.js';
import { contentTypeConformance } from './content-type-conformance.js';
import { documentedResponse } from './documented-response.js';
import { expectedStatus } from './expected-status.js';
import { maxResponseTime } from './max-response-time.js';
import { negativeDataRejection } from './negative-data-rejection.js';
import { notAServerError } from './not-a-server-error.js';
import { responseHeadersConformance } from './response-headers-conformance.js';
import { responseSchemaConformance } from './response-schema-conformance.js';
import { statusCodeConformance } from './status-code-conformance.js';

const CHECKS: Record<CheckName, ResponseCheck> = {
  not_a_server_error: notAServerError,
  status_code_conformance: statusCodeConformance,
  content_type_conformance: contentTypeConformance,
  response_schema_conformance: responseSchemaConformance,
  response_headers_conformance: responseHeadersConformance,
  negative_data_rejection: negativeDataRejection,
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
  /** Without it only not_a_server_error, negative_data_rejection, max_response_time and expected_status apply. */
  spec?: FalconSpec;
  /** Default: all CHECK_NAMES. */
  checks?: readonly CheckName[];
  /** max_response_time is only checked when set. */
  maxResponseTimeMs?: number;
}

/** Findings for one response of one case: every check that is on, then the case's own `expectStatus`. */
export type ResponseChecker = (testCase: TestCase, response: CheckedResponse) => Promise<Finding[]>;

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
  const checks = active.map((name) => CHECKS[name]);
  const needsSchemas = active.some((name) => SCHEMA_CHECKS.has(name));
  let validator: Promise<SpecSchemaValidator> | undefined;
  const operations = new Map((options.spec?.operations ?? []).map((operation) => [operation.id, operation]));
  return async (testCase, response) => {
    const operation = testCase.operationId === undefined ? undefined : operations.get(testCase.operationId);
    const context: CheckContext = {
      testCase,
      response,
      operation,
      documented: operation && documentedResponse(operation, response.status),
      maxResponseTimeMs: options.maxResponseTimeMs,
      ...(needsSchemas && { schemas: await (validator ??= SpecSchemaValidator.load(options.spec?.schemas)) }),
    };
    const findings = await Promise.all([...checks, expectedStatus].map((check) => check(context)));
    return findings.flat();
  };
}
