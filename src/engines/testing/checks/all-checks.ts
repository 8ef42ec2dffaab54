import { contentTypeConformance } from './content-type-conformance.js';
import { deleteEffective } from './delete-effective.js';
import { ensureResourceAvailability } from './ensure-resource-availability.js';
import { graphqlInvalidInput } from './graphql-invalid-input.js';
import { graphqlNoServerError } from './graphql-no-server-error.js';
import { graphqlResponseSchema } from './graphql-response-schema.js';
import { ignoredAuth } from './ignored-auth.js';
import { maxResponseTime } from './max-response-time.js';
import { negativeDataRejection } from './negative-data-rejection.js';
import { notAServerError } from './not-a-server-error.js';
import { paginationConsistency } from './pagination-consistency.js';
import { positiveDataAcceptance } from './positive-data-acceptance.js';
import { responseHeadersConformance } from './response-headers-conformance.js';
import { responseSchemaConformance } from './response-schema-conformance.js';
import { statusCodeConformance } from './status-code-conformance.js';
import { unsupportedMethod } from './unsupported-method.js';
import { useAfterFree } from './use-after-free.js';
import { writeReadConsistency } from './write-read-consistency.js';

/**
 * Every check of `falcon test`, in the order runs apply and list them (Schemathesis names them
 * alike); each file declares its name, what it needs and how it judges a response. The `graphql_`
 * checks judge the cases of a GraphQL spec, which the others leave alone.
 */
export const SPEC_TEST_CHECKS = [
  notAServerError,
  statusCodeConformance,
  contentTypeConformance,
  responseSchemaConformance,
  responseHeadersConformance,
  negativeDataRejection,
  positiveDataAcceptance,
  unsupportedMethod,
  ignoredAuth,
  useAfterFree,
  ensureResourceAvailability,
  maxResponseTime,
  paginationConsistency,
  writeReadConsistency,
  deleteEffective,
  graphqlNoServerError,
  graphqlResponseSchema,
  graphqlInvalidInput,
] as const;

export type CheckName = (typeof SPEC_TEST_CHECKS)[number]['name'];

/** The checks' names, as `--checks` takes them. */
export const CHECK_NAMES = SPEC_TEST_CHECKS.map((check) => check.name) as [CheckName, ...CheckName[]];
