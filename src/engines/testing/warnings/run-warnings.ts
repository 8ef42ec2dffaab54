import type { FalconSpec } from '../../spec/spec-format.js';
import type { CaseResult, RunWarning } from '../test-run.js';
import { graphqlMissingAuthWarnings } from './graphql-missing-auth-warning.js';
import { methodNotAllowedWarning } from './method-not-allowed-warning.js';
import { missingAuthWarning } from './missing-auth-warning.js';
import { missingTestDataWarning } from './missing-test-data-warning.js';
import { answersByOperation } from './operation-answers.js';
import { unknownReferenceWarning } from './unknown-reference-warning.js';

/**
 * The operations a run proved nothing about: all checks can pass while no case reached the API's
 * logic. Per operation, from the cases that got an answer: `method_not_allowed` when every one got
 * 405, `missing_auth` when more than 80 % got 401/403, `missing_test_data` when more than 80 % got
 * 404, or more than 80 % of the valid ones a 409/422 saying a thing they name is not there. At most
 * one per operation, in the order the operations first appear. A GraphQL spec's operations get
 * `missing_auth` when one answers without the run's credentials (graphql-missing-auth-warning.ts).
 */
export function runWarnings(results: readonly CaseResult[], spec?: FalconSpec): RunWarning[] {
  if (spec?.kind === 'graphql') return graphqlMissingAuthWarnings(results, spec);
  return answersByOperation(results, spec).flatMap(
    (group) => methodNotAllowedWarning(group) ?? missingAuthWarning(group, spec) ?? missingTestDataWarning(group) ?? unknownReferenceWarning(group, spec) ?? [],
  );
}
