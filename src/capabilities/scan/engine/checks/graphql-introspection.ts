import type { GraphQLScanContext } from '../scan-context.js';
import type { SecurityCheck } from '../security-check.js';
import { answerOf, endpointOf, graphqlRequest, sendGraphQLProbe } from './support/graphql.js';

const INTROSPECTION_PROBE = 'query IntrospectionProbe { __schema { queryType { name } types { name } } }';

/**
 * API8: a production GraphQL endpoint that answers introspection hands anyone its whole schema —
 * every type, field and argument, the internal ones too. Asked with no credentials, then as the
 * first user: informational, as some teams keep it on knowingly.
 */
export const graphqlIntrospectionCheck: SecurityCheck = {
  title: 'GraphQL introspection enabled',
  owasp: 'API8:2023',
  cwe: 'CWE-200',
  proof: 'a GraphQL endpoint answers an introspection query (`__schema`) with its types, with no credentials or as a user',
  remediation: 'Turn introspection off in production (publish the schema to the clients that need it instead).',
  runOrder: 35,
  async runGraphQL(ctx) {
    for (const identity of [undefined, ...ctx.identities.slice(0, 1)]) {
      const exchange = await sendGraphQLProbe(ctx, graphqlRequest(INTROSPECTION_PROBE), identity);
      const types = exchange && typesIn(answerOf(exchange)?.data);
      if (!exchange || types === undefined) continue;
      ctx.report({
        severity: 'info',
        operation: endpointOf(ctx),
        title: `Introspection is on: the endpoint answers its schema (${types} types) to ${identity ? identity.name : 'anyone, with no credentials'}`,
        exchange,
      });
      return;
    }
    noteRefused(ctx);
  },
};

function typesIn(data: unknown): number | undefined {
  const schema = (data as { __schema?: { types?: unknown } } | null | undefined)?.__schema;
  return Array.isArray(schema?.types) ? schema.types.length : undefined;
}

function noteRefused(ctx: GraphQLScanContext): void {
  if (ctx.graphql.schemaFrom === 'introspection') ctx.note('graphql_introspection: the endpoint answered the schema, but not the probe');
}
