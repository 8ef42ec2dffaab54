import { stat } from 'node:fs/promises';
import { resolveInsideProject } from '../../safety/project-path.js';
import { graphqlEndpointSpec, identifySpec, type SpecCandidate } from './find-spec.js';

/** A spec path the user gave that cannot be the project's spec: outside it, missing, or not a spec. */
export class SpecPathError extends Error {
  override name = 'SpecPathError';
}

/** A spec file the user named: inside the project, and an OpenAPI, Swagger, Postman or GraphQL schema file by its content; or a GraphQL endpoint's URL. */
export async function specAtPath(projectRoot: string, value: string): Promise<SpecCandidate> {
  const endpoint = graphqlEndpointSpec(value.trim());
  if (endpoint) return endpoint;
  const file = await resolveInsideProject(projectRoot, value.trim()).catch((error: Error) => {
    throw new SpecPathError(error.message);
  });
  const found = await stat(file.absolute).catch(() => undefined);
  if (!found?.isFile()) throw new SpecPathError(`not a file: ${value}`);
  const spec = await identifySpec(projectRoot, file.relative);
  if (!spec) throw new SpecPathError(`${value} is not an OpenAPI, Swagger, Postman collection or GraphQL schema file`);
  return spec;
}
