import { readGraphQLAnswer } from '../../graphql/send-graphql.js';
import { type CheckContext, defineSpecCheck } from './check-context.js';

/**
 * Variables the schema refuses (a required one missing, a wrong type, an unknown enum value) must
 * be answered with GraphQL errors, never with data alone, and as a GraphQL response: a 5xx is
 * graphql_no_server_error's.
 */
export const graphqlInvalidInput = defineSpecCheck({ name: 'graphql_invalid_input', api: 'graphql', judge });

function judge({ testCase, response }: CheckContext): string[] {
  if (!testCase.graphql || !testCase.expectRejection || response.status >= 500) return [];
  const answer = readGraphQLAnswer(response.body);
  const sent = testCase.mutation ?? 'invalid variables';
  if (!answer) return [`${sent} was answered ${response.status} without a GraphQL error: the body is not {"errors": […]}`];
  if (!answer.errors || answer.errors.length === 0) return [`${sent} was accepted: the answer has data and no errors`];
  return [];
}
