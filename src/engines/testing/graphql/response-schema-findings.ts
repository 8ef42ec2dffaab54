import { readGraphQLAnswer } from '../../graphql/send-graphql.js';
import type { CheckContext } from '../checks/check-context.js';
import { answerShapeProblems } from './answer-shape.js';
import { graphqlSchemaOf } from './graphql-schema-of.js';
import { describeVariables } from './graphql-values.js';
import { sentOperation } from './sent-operation.js';

const MAX_FINDINGS = 5;

/** graphql_response_schema's findings (checks/graphql-response-schema.ts). */
export function responseSchemaFindings({ testCase, response, spec }: CheckContext): string[] {
  const schema = graphqlSchemaOf(spec);
  const sent = sentOperation(testCase);
  if (!schema || !sent || response.status >= 500 || testCase.expectRejection) return [];
  const answer = readGraphQLAnswer(response.body);
  if (!answer) return [`the answer (${response.status}) is not a GraphQL response: no "data" or "errors" in a JSON object`];
  const errors = answer.errors ?? [];
  if (!answer.data) return answer.errors && answer.errors.length > 0 ? [] : [`the answer has neither data nor errors`];
  const root = sent.definition.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  if (!root) return [];
  const problems = answerShapeProblems(schema, root, sent.definition.selectionSet, answer.data, errors);
  const variables = describeVariables(sent.variables);
  const grouped = new Map<string, string[]>();
  for (const problem of problems) {
    const key = `${problem.field} ${problem.problem}`;
    grouped.set(key, [...(grouped.get(key) ?? []), problem.at]);
  }
  return [...grouped]
    .slice(0, MAX_FINDINGS)
    .map(([what, places]) => `${what} at ${places[0]}${places.length > 1 ? ` (and ${places.length - 1} more)` : ''}${variables ? `, for ${variables}` : ''}`);
}
