import { buildSchema, type GraphQLSchema } from 'graphql';
import { listGraphQLOperations, type GraphQLOperation } from '../../../engines/graphql/graphql-operations.js';
import { graphqlSourceOf } from '../../../engines/graphql/graphql-schema-source.js';
import { loadGraphQLSchema } from '../../../engines/graphql/load-graphql-schema.js';
import { SpecError } from '../../../engines/spec/spec-error.js';
import { ScanUsageError } from './scan-usage-error.js';

/** A GraphQL endpoint the scan probes, with the schema its checks build their operations from. */
export interface GraphQLTarget {
  /** `https://api.example/graphql`: every probe is a POST of JSON to it. */
  endpoint: string;
  schema: GraphQLSchema;
  /** The schema's root fields, queries first. */
  operations: GraphQLOperation[];
  /** Where the schema came from: the endpoint's own introspection, or SDL the user gave (`--graphql-schema`, the project's spec). */
  schemaFrom: 'introspection' | 'sdl';
}

export interface GraphQLTargetSource {
  endpoint: string;
  /** An SDL file; absent: the endpoint is asked by introspection. */
  schemaFile?: string;
  /** SDL text already read (the project's ingested GraphQL spec). */
  sdl?: string;
  /** `-H` headers, for the introspection query. */
  headers?: Record<string, string>;
}

/** The endpoint (an http(s) URL) and its schema, or a usage error saying what to give instead (an SDL file when introspection is off). */
export async function loadGraphQLTarget(source: GraphQLTargetSource, signal: AbortSignal): Promise<GraphQLTarget> {
  const schema = source.sdl === undefined ? await schemaOf(source, signal) : sdlSchema(source.sdl);
  return {
    endpoint: new URL(source.endpoint).href,
    schema,
    operations: listGraphQLOperations(schema),
    schemaFrom: source.schemaFile === undefined && source.sdl === undefined ? 'introspection' : 'sdl',
  };
}

async function schemaOf(source: GraphQLTargetSource, signal: AbortSignal): Promise<GraphQLSchema> {
  const from = source.schemaFile === undefined ? graphqlSourceOf(source.endpoint, source.headers) : graphqlSourceOf(source.schemaFile);
  try {
    return (await loadGraphQLSchema(from, signal)).schema;
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    const instead = source.schemaFile === undefined ? ' — give its SDL file with --graphql-schema FILE' : '';
    throw new ScanUsageError(`${error.message.replace(/ Production servers often.*$/, '')}${instead}`);
  }
}

function sdlSchema(sdl: string): GraphQLSchema {
  try {
    return buildSchema(sdl);
  } catch (error) {
    throw new ScanUsageError(`the project's GraphQL schema does not build: ${(error as Error).message}`);
  }
}
