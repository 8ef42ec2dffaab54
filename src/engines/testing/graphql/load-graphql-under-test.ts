import path from 'node:path';
import { graphqlToSpec } from '../../graphql/graphql-to-spec.js';
import { loadGraphQLSchema } from '../../graphql/load-graphql-schema.js';
import { SPEC_FORMAT, type FalconSpec } from '../../spec/spec-format.js';
import type { SpecUnderTest } from '../load-test-spec.js';

/** A GraphQL endpoint to test (`falcon test --graphql URL`), and its SDL file when it answers no introspection. */
export interface GraphQLTarget {
  endpoint: string;
  /** `--graphql-schema`: relative to the project. */
  schemaFile?: string;
}

/**
 * The spec of a GraphQL endpoint, made in memory as an ingest would write it: from the SDL file
 * when given, else from the endpoint's introspection, asked with the run's headers.
 */
export async function loadGraphQLUnderTest(
  target: GraphQLTarget,
  projectRoot: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<SpecUnderTest> {
  const source = target.schemaFile
    ? ({ kind: 'sdl', file: path.resolve(projectRoot, target.schemaFile) } as const)
    : ({ kind: 'endpoint', url: target.endpoint, headers } as const);
  const loaded = await loadGraphQLSchema(source, signal);
  const spec: FalconSpec = {
    format: SPEC_FORMAT,
    source: target.schemaFile ?? target.endpoint,
    ingestedAt: new Date().toISOString(),
    ...graphqlToSpec(loaded, target.endpoint),
  };
  return { spec, shown: target.schemaFile ? `${target.schemaFile} (GraphQL schema of ${target.endpoint})` : `${target.endpoint} (GraphQL introspection)` };
}

/** The names of the headers that carry credentials, which a missing_auth probe goes without. */
export function credentialHeaderNames(headers: Record<string, string> | undefined): string[] {
  return Object.keys(headers ?? {}).filter((name) => /^(authorization|proxy-authorization|cookie)$|token|api-?key|auth|session/i.test(name));
}
