import type { FalconSpec } from '../../engines/spec/spec-format.js';
import { ToolError } from '../tool/tool.js';

/** `.falcon/spec.yaml` when one is ingested; a broken one is a ToolError saying so, never ignored. */
export async function ingestedSpecIfAny(projectRoot: string): Promise<FalconSpec | undefined> {
  const { readIngestedSpec } = await import('../../engines/spec/read-ingested-spec.js');
  return readIngestedSpec(projectRoot).catch((error: Error) => {
    throw error.name === 'SpecError' ? new ToolError(error.message) : error;
  });
}

/** `.falcon/spec.yaml`, or a ToolError telling the model to ingest one. */
export async function ingestedSpecForTool(projectRoot: string): Promise<FalconSpec> {
  const spec = await ingestedSpecIfAny(projectRoot);
  if (!spec) throw new ToolError('no spec ingested yet (.falcon/spec.yaml is missing): call ingest_spec with the OpenAPI or Postman file first');
  return spec;
}
