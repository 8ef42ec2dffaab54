import { graphqlSourceOf, isGraphQLFile } from '../graphql/graphql-schema-source.js';
import { graphqlToSpec } from '../graphql/graphql-to-spec.js';
import { loadGraphQLSchema } from '../graphql/load-graphql-schema.js';
import { resolveInsideProject } from '../../safety/project-path.js';
import { openApiToSpec } from './openapi-to-spec.js';
import { isPostmanCollection, isPostmanV1Collection, postmanToSpec } from './postman-to-spec.js';
import { SpecError } from './spec-error.js';
import { readSpecSource } from './read-spec-source.js';
import { inlineSharedSchemas, type StoredSpec } from './shared-schemas.js';
import { SPEC_FORMAT, type FalconSpec } from './spec-format.js';

/**
 * Reads an OpenAPI 2.0/3.0/3.1 document, a Postman collection (a project file or an http(s) URL)
 * or a GraphQL schema (a `.graphql` file, or an endpoint asked by introspection) and converts it to
 * Falcon's format, writing nothing.
 */
export async function convertSpec(source: string, projectRoot: string, signal: AbortSignal): Promise<FalconSpec> {
  const stored = await convertSpecToStore(source, projectRoot, signal);
  return inlineSharedSchemas(stored, stored.source);
}

/** The same conversion as spec.yaml stores it: each named schema kept once (see shared-schemas.ts). */
export async function convertSpecToStore(
  source: string,
  projectRoot: string,
  signal: AbortSignal,
  onProgress?: (message: string) => void,
): Promise<StoredSpec> {
  if (isGraphQLFile(source) || looksLikeGraphQLEndpoint(source)) return graphqlToStore(source, projectRoot, signal);
  let document;
  try {
    document = await readSpecSource(source, projectRoot, signal, onProgress);
  } catch (error) {
    // A URL that serves no document may be a GraphQL endpoint under another path (`/api`, `/query`).
    if (!(error instanceof SpecError) || !/^https?:\/\//i.test(source)) throw error;
    return graphqlToStore(source, projectRoot, signal).catch(() => {
      throw error;
    });
  }
  signal.throwIfAborted();
  let converted;
  if (typeof document.document.openapi === 'string' || typeof document.document.swagger === 'string') {
    converted = await openApiToSpec(document, projectRoot, signal);
  } else if (isPostmanCollection(document.document)) {
    converted = postmanToSpec(document);
  } else if (isPostmanV1Collection(document.document)) {
    throw new SpecError(`${document.source}: a Postman collection in the old v1 format; export it from Postman as Collection v2.1 and ingest that`);
  } else {
    throw new SpecError(`${document.source}: not an OpenAPI, Swagger or Postman collection document (no "openapi", "swagger" or Postman "info.schema")`);
  }
  signal.throwIfAborted();
  return { format: SPEC_FORMAT, source: document.source, ingestedAt: new Date().toISOString(), ...converted };
}

function looksLikeGraphQLEndpoint(source: string): boolean {
  return /^https?:\/\/[^?#]*\/(graphql|gql)\/?([?#]|$)/i.test(source);
}

async function graphqlToStore(source: string, projectRoot: string, signal: AbortSignal): Promise<StoredSpec> {
  const given = graphqlSourceOf(source);
  if (given.kind === 'endpoint') {
    const loaded = await loadGraphQLSchema(given, signal);
    return { format: SPEC_FORMAT, source, ingestedAt: new Date().toISOString(), ...graphqlToSpec(loaded, source) };
  }
  const file = await resolveInsideProject(projectRoot, source).catch((error: Error) => {
    throw new SpecError(`${source}: ${error.message}`);
  });
  const loaded = await loadGraphQLSchema({ kind: 'sdl', file: file.absolute }, signal);
  return { format: SPEC_FORMAT, source: file.relative, ingestedAt: new Date().toISOString(), ...graphqlToSpec(loaded) };
}
