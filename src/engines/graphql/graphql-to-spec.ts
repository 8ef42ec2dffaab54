import type { ConvertedSpec, GraphQLSpecPart, SpecOperation } from '../spec/spec-format.js';
import { listGraphQLOperations, type GraphQLOperation } from './graphql-operations.js';
import type { LoadedGraphQLSchema } from './graphql-schema-source.js';

/** The path a GraphQL operation is posted to when the schema came without an endpoint. */
export const DEFAULT_GRAPHQL_PATH = '/graphql';

const GRAPHQL_BODY = {
  type: 'object',
  required: ['query'],
  properties: { query: { type: 'string' }, variables: { type: 'object' }, operationName: { type: 'string' } },
};
const GRAPHQL_ANSWER = {
  type: 'object',
  properties: { data: { type: ['object', 'null'] }, errors: { type: 'array', items: { type: 'object', required: ['message'] } } },
};

/**
 * A GraphQL schema as Falcon's spec format holds it (see spec-format.ts): the SDL and endpoint in
 * `graphql`, each query and mutation (and subscription) an operation `POST /graphql` with the id
 * `query.books`, tagged by its kind, its signature as summary.
 */
export function graphqlToSpec(loaded: LoadedGraphQLSchema, endpoint?: string): ConvertedSpec & { graphql: GraphQLSpecPart } {
  const url = endpoint ? new URL(endpoint) : undefined;
  const path = url ? url.pathname || DEFAULT_GRAPHQL_PATH : DEFAULT_GRAPHQL_PATH;
  return {
    kind: 'graphql',
    specVersion: loaded.source.kind === 'sdl' ? 'SDL' : 'introspection',
    title: url ? `GraphQL API at ${url.host}` : 'GraphQL API',
    version: '',
    ...(loaded.schema.description && { description: loaded.schema.description }),
    servers: url ? [{ url: url.origin }] : [],
    securitySchemes: {},
    operations: listGraphQLOperations(loaded.schema).map((operation) => specOperationOf(operation, path)),
    graphql: { ...(endpoint && { endpoint }), sdl: loaded.sdl },
  };
}

/** `query.books`: the id of a root field's operation. */
export function graphqlOperationId(operation: Pick<GraphQLOperation, 'kind' | 'name'>): string {
  return `${operation.kind}.${operation.name}`;
}

/** `query books(genre: Genre, limit: Int): [Book!]!`. */
export function graphqlSignature(operation: GraphQLOperation): string {
  const args = operation.args.map((argument) => `${argument.name}: ${argument.type}`).join(', ');
  return `${operation.kind} ${operation.name}${args ? `(${args})` : ''}: ${operation.returns}`;
}

function specOperationOf(operation: GraphQLOperation, path: string): SpecOperation {
  return {
    id: graphqlOperationId(operation),
    method: 'POST',
    path,
    summary: graphqlSignature(operation),
    ...(operation.description && { description: operation.description }),
    tags: [operation.kind],
    ...(operation.deprecated && { deprecated: true }),
    parameters: [],
    requestBody: { required: true, content: { 'application/json': { schema: GRAPHQL_BODY } } },
    responses: { '200': { description: 'A GraphQL answer', content: { 'application/json': { schema: GRAPHQL_ANSWER } } } },
    security: [],
  };
}
