import type { SecurityCheck } from '../security-check.js';
import { answerOf, endpointOf, graphqlRequest, queries, sendGraphQLProbe } from './support/graphql.js';

const SUGGESTION = /Did you mean[^"]*"[^"]+"[^.?]*\?/i;

/**
 * API8: an endpoint whose errors suggest the fields a misspelt one resembles ("Did you mean
 * \"order\"?") gives its schema away one guess at a time, introspection off or not. Probed with a
 * query's name missing its last letter (or with it twice, when that is a field too).
 */
export const graphqlFieldSuggestionsCheck: SecurityCheck = {
  title: 'GraphQL field suggestions leak the schema',
  owasp: 'API8:2023',
  cwe: 'CWE-209',
  proof: 'a query asking for a misspelt field is answered with an error that suggests the real one ("Did you mean …?")',
  remediation: "Strip suggestions from validation errors in production (the server's option, or a rule that masks them).",
  runOrder: 45,
  async runGraphQL(ctx) {
    const names = new Set(queries(ctx).map((query) => query.name));
    const misspelt = [...names]
      .filter((name) => name.length > 2)
      .flatMap((name) => [name.slice(0, -1), `${name}${name.at(-1)}`])
      .find((name) => !names.has(name));
    if (misspelt === undefined) return ctx.note('graphql_field_suggestions: the schema has no query to misspell');
    const exchange = await sendGraphQLProbe(ctx, graphqlRequest(`query { ${misspelt} }`), ctx.identities[0]);
    const suggestion = exchange && (answerOf(exchange)?.errors ?? []).map((error) => SUGGESTION.exec(error.message)?.[0]).find(Boolean);
    if (!exchange || !suggestion) return;
    ctx.report({
      severity: 'low',
      operation: endpointOf(ctx),
      title: `A misspelt field "${misspelt}" is answered with the schema's names: ${suggestion}`,
      exchange,
    });
  },
};
