import { openApiToSpec } from './openapi-to-spec.js';
import { isPostmanCollection, isPostmanV1Collection, postmanToSpec } from './postman-to-spec.js';
import { SpecError } from './spec-error.js';
import { readSpecSource } from './read-spec-source.js';
import { inlineSharedSchemas, type StoredSpec } from './shared-schemas.js';
import { SPEC_FORMAT, type FalconSpec } from './spec-format.js';

/**
 * Reads an OpenAPI 2.0/3.0/3.1 document or a Postman collection (a project file or an http(s)
 * URL) and converts it to Falcon's format, writing nothing.
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
  const document = await readSpecSource(source, projectRoot, signal, onProgress);
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
