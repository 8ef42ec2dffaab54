import type { GraphQLSchema } from 'graphql';

/** Where a GraphQL API's schema comes from: its endpoint, asked by introspection, or an SDL file. */
export type GraphQLSchemaSource = { kind: 'endpoint'; url: string; headers?: Record<string, string> } | { kind: 'sdl'; file: string };

export interface LoadedGraphQLSchema {
  schema: GraphQLSchema;
  /** The schema printed as SDL, the same whichever source it came from. */
  sdl: string;
  source: GraphQLSchemaSource;
}

/** `https://api.example/graphql` or `schema.graphql`: an http(s) URL is an endpoint, anything else a file. */
export function graphqlSourceOf(text: string, headers?: Record<string, string>): GraphQLSchemaSource {
  return /^https?:\/\//i.test(text) ? { kind: 'endpoint', url: text, ...(headers && { headers }) } : { kind: 'sdl', file: text };
}

/** A file whose name says it holds GraphQL SDL. */
export function isGraphQLFile(path: string): boolean {
  return /\.(graphqls?|gql)$/i.test(path);
}
