import { getNamedType, type GraphQLField, type GraphQLSchema } from 'graphql';
import type { GraphQLOperationKind } from '../../graphql/graphql-operations.js';
import { selectionOf } from './graphql-selection.js';

/** An operation Falcon sends: its text and name. */
export interface GraphQLDocument {
  query: string;
  operationName: string;
}

/**
 * `query Books($genre: Genre, $limit: Int) { books(genre: $genre, limit: $limit) { id title … } }`:
 * one operation asking a root field, every argument passed as a variable of its own type, so that
 * each case only changes the variables (an argument whose variable is not given keeps its default).
 */
export function operationDocument(kind: GraphQLOperationKind, field: GraphQLField<unknown, unknown>, schema: GraphQLSchema): GraphQLDocument {
  const operationName = `${field.name[0]!.toUpperCase()}${field.name.slice(1)}`;
  const declared = field.args.map((argument) => `$${argument.name}: ${String(argument.type)}`).join(', ');
  const passed = field.args.map((argument) => `${argument.name}: $${argument.name}`).join(', ');
  const selection = selectionOf(getNamedType(field.type), schema);
  const query = `${kind} ${operationName}${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${selection} }`;
  return { query, operationName };
}
