import { type CheckContext, defineSpecCheck } from './check-context.js';

/**
 * A GraphQL answer matches the schema and the operation: it is `{data, errors}`, `data` holds
 * exactly the fields asked, each of its declared type, and no non-null field is null without an
 * error saying why. Findings name the field (`Book.price`), where and the variables sent.
 */
export const graphqlResponseSchema = defineSpecCheck({ name: 'graphql_response_schema', api: 'graphql', needs: 'spec', judge });

async function judge(context: CheckContext): Promise<string[]> {
  const { responseSchemaFindings } = await import('../graphql/response-schema-findings.js');
  return responseSchemaFindings(context);
}
