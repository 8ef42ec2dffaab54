import { stringify } from 'yaml';
import { falconPath } from '../../workspace/falcon-dir.js';
import { replaceFile } from '../../workspace/replace-file.js';
import { openApiToSpec } from './openapi-to-spec.js';
import { isPostmanCollection, postmanToSpec } from './postman-to-spec.js';
import { readSpecSource } from './read-spec-source.js';
import { SpecError } from './spec-error.js';
import { SPEC_FORMAT, type FalconSpec } from './spec-format.js';
import { summarizeSpec } from './summarize-spec.js';

export const SPEC_FILE = 'spec.yaml';

export interface IngestSpecOptions {
  projectRoot: string;
  signal: AbortSignal;
}

export interface IngestSpecResult {
  spec: FalconSpec;
  /** Project-relative path of the written file: `.falcon/spec.yaml`. */
  written: string;
  /** Markdown: title, servers, operations by tag, auth. */
  summary: string;
}

/**
 * Reads an OpenAPI 2.0/3.0/3.1 document or a Postman collection (a project file or an http(s)
 * URL), resolves it and replaces `.falcon/spec.yaml` with it. Nothing is written when it fails.
 */
export async function ingestSpec(source: string, options: IngestSpecOptions): Promise<IngestSpecResult> {
  const document = await readSpecSource(source, options.projectRoot, options.signal);
  options.signal.throwIfAborted();
  let converted;
  if (typeof document.document.openapi === 'string' || typeof document.document.swagger === 'string') {
    converted = await openApiToSpec(document);
  } else if (isPostmanCollection(document.document)) {
    converted = postmanToSpec(document);
  } else {
    throw new SpecError(`${document.source}: not an OpenAPI, Swagger or Postman collection document (no "openapi", "swagger" or Postman "info.schema")`);
  }
  options.signal.throwIfAborted();
  const spec: FalconSpec = { format: SPEC_FORMAT, source: document.source, ingestedAt: new Date().toISOString(), ...converted };
  const header = `# Falcon's copy of ${document.source}, made by \`falcon spec ingest\`; the format is described in src/engines/spec/spec-format.ts.\n`;
  await replaceFile(falconPath(options.projectRoot, SPEC_FILE), header + stringify(spec, { aliasDuplicateObjects: false, lineWidth: 0 }));
  return { spec, written: `.falcon/${SPEC_FILE}`, summary: summarizeSpec(spec) };
}
