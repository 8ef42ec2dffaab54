import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import type { TestCase } from '../test-case.js';

/** The operation a GraphQL case posted and its variables, read back from its request body. */
export interface SentOperation {
  definition: OperationDefinitionNode;
  variables: Record<string, unknown>;
}

export function sentOperation(testCase: TestCase): SentOperation | undefined {
  const body = testCase.request.body as { query?: unknown; variables?: unknown; operationName?: unknown } | undefined;
  if (typeof body?.query !== 'string') return undefined;
  let definitions;
  try {
    definitions = parse(body.query).definitions;
  } catch {
    return undefined;
  }
  const operations = definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  const definition = operations.find((one) => one.name?.value === body.operationName) ?? operations[0];
  if (!definition) return undefined;
  const variables = typeof body.variables === 'object' && body.variables !== null ? (body.variables as Record<string, unknown>) : {};
  return { definition, variables };
}
