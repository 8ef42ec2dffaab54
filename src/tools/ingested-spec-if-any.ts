import type { FalconSpec } from '../engines/spec/spec-format.js';
import { ToolError } from './tool.js';

/** `.falcon/spec.yaml` when one is ingested; a broken one is a ToolError saying so, never ignored. */
export async function ingestedSpecIfAny(projectRoot: string): Promise<FalconSpec | undefined> {
  const { readIngestedSpec } = await import('../engines/spec/read-ingested-spec.js');
  return readIngestedSpec(projectRoot).catch((error: Error) => {
    throw error.name === 'SpecError' ? new ToolError(error.message) : error;
  });
}
