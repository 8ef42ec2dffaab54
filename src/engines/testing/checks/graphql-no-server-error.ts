import { type CheckContext, defineSpecCheck } from './check-context.js';

/**
 * A GraphQL operation must not break the server: no 5xx, and no error whose message shows the
 * server's inside (SQL, a stack trace, an exception's name) or whose code says it was unexpected.
 */
export const graphqlNoServerError = defineSpecCheck({ name: 'graphql_no_server_error', api: 'graphql', judgesProbes: true, judge });

// graphql loads with the first GraphQL answer: `falcon test --help` lists the checks without it.
async function judge(context: CheckContext): Promise<string[]> {
  const { serverErrorFindings } = await import('../graphql/server-error-findings.js');
  return serverErrorFindings(context);
}
