import { Kind } from 'graphql';
import type { TestCase } from '../test-case.js';
import { sentOperation } from './sent-operation.js';

/**
 * A case written by hand or saved in a suite, made a GraphQL case when its body posts a query or
 * mutation: the root field it asks gives its `graphql` facts (and its operationId when it has
 * none), so the GraphQL checks judge it. Any other case is returned as it is.
 */
export function asGraphQLCase(testCase: TestCase): TestCase {
  if (testCase.graphql) return testCase;
  const sent = sentOperation(testCase);
  const kind = sent?.definition.operation;
  const first = sent?.definition.selectionSet.selections.find((selection) => selection.kind === Kind.FIELD);
  if (!first || first.kind !== Kind.FIELD || (kind !== 'query' && kind !== 'mutation')) return testCase;
  const field = first.name.value;
  return { ...testCase, operationId: testCase.operationId ?? `${kind}.${field}`, graphql: { kind, field } };
}
