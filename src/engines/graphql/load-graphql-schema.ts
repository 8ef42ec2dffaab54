import { readFile } from 'node:fs/promises';
import { buildClientSchema, buildSchema, getIntrospectionQuery, printSchema, type IntrospectionQuery } from 'graphql';
import { sendRequest } from '../http/send-request.js';
import { SpecError } from '../spec/spec-error.js';
import type { GraphQLSchemaSource, LoadedGraphQLSchema } from './graphql-schema-source.js';

/**
 * Reads a GraphQL schema: an SDL file parsed with `buildSchema`, or an endpoint's answer to the
 * standard introspection query made a schema with `buildClientSchema`. A source that cannot give one
 * fails with a `SpecError` saying why and what to do instead.
 */
export async function loadGraphQLSchema(source: GraphQLSchemaSource, signal?: AbortSignal): Promise<LoadedGraphQLSchema> {
  const schema = source.kind === 'sdl' ? await schemaFromFile(source.file) : await schemaFromEndpoint(source.url, source.headers ?? {}, signal);
  return { schema, sdl: printSchema(schema), source };
}

async function schemaFromFile(file: string) {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new SpecError(`Cannot read the GraphQL schema ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  try {
    return buildSchema(text);
  } catch (error) {
    throw new SpecError(`${file} is not a GraphQL schema: ${(error as Error).message}`);
  }
}

async function schemaFromEndpoint(url: string, headers: Record<string, string>, signal?: AbortSignal) {
  const response = await sendRequest({
    method: 'POST',
    url,
    headers: { accept: 'application/graphql-response+json, application/json', ...headers },
    body: { query: getIntrospectionQuery({ inputValueDeprecation: true }), operationName: 'IntrospectionQuery' },
    signal,
  });
  const answer = parsedAnswer(response.body);
  const data = answer?.data as IntrospectionQuery | undefined;
  if (!data?.__schema) {
    const reason = answer?.errors?.[0]?.message ?? `HTTP ${response.status}`;
    throw new SpecError(
      `${url} did not answer GraphQL introspection (${reason.slice(0, 200)}). Production servers often turn it off: give Falcon the schema's SDL file instead.`,
    );
  }
  try {
    return buildClientSchema(data);
  } catch (error) {
    throw new SpecError(`${url} answered introspection with a schema GraphQL cannot build: ${(error as Error).message}`);
  }
}

function parsedAnswer(body: string): { data?: unknown; errors?: { message?: string }[] } | undefined {
  try {
    const parsed = JSON.parse(body) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as { data?: unknown; errors?: { message?: string }[] }) : undefined;
  } catch {
    return undefined;
  }
}
