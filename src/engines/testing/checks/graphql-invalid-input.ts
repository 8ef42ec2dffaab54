import { type CheckContext, defineSpecCheck } from './check-context.js';

/**
 * Variables the schema refuses (a required one missing, a wrong type, an unknown enum value) must
 * be answered with GraphQL errors, never with data alone, and as a GraphQL response: a 5xx is
 * graphql_no_server_error's.
 */
export const graphqlInvalidInput = defineSpecCheck({ name: 'graphql_invalid_input', api: 'graphql', judge });

async function judge(context: CheckContext): Promise<string[]> {
  const { invalidInputFindings } = await import('../graphql/invalid-input-findings.js');
  return invalidInputFindings(context);
}
