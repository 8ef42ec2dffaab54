import { readGraphQLAnswer } from '../../graphql/send-graphql.js';
import type { CheckContext } from '../checks/check-context.js';

/** graphql_invalid_input's findings (checks/graphql-invalid-input.ts). */
export function invalidInputFindings({ testCase, response }: CheckContext): string[] {
  if (!testCase.graphql || !testCase.expectRejection || response.status >= 500) return [];
  const answer = readGraphQLAnswer(response.body);
  const sent = testCase.mutation ?? 'invalid variables';
  if (!answer) return [`${sent} was answered ${response.status} without a GraphQL error: the body is not {"errors": […]}`];
  if (!answer.errors || answer.errors.length === 0) return [`${sent} was accepted: the answer has data and no errors`];
  return [];
}
