import { readIngestedSpec } from '../spec/read-ingested-spec.js';
import type { GraphQLSpecPart } from '../spec/spec-format.js';

/** The project's ingested GraphQL schema and endpoint; undefined when `.falcon/spec.yaml` is missing or not a GraphQL spec. */
export async function readIngestedGraphQL(projectRoot: string): Promise<{ endpoint?: string; sdl: string } | undefined> {
  const spec = await readIngestedSpec(projectRoot);
  return spec?.kind === 'graphql' ? graphqlPartOf(spec.graphql) : undefined;
}

function graphqlPartOf(part: GraphQLSpecPart | undefined): GraphQLSpecPart | undefined {
  if (typeof part?.sdl !== 'string') return undefined;
  return { ...(typeof part.endpoint === 'string' && { endpoint: part.endpoint }), sdl: part.sdl };
}
