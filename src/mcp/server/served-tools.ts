import { loadCapabilityFaces } from '../../capabilities/index.js';
import type { ServedToolsOptions } from '../../kit/capability.js';
import type { AnyTool } from '../../kit/tool/tool.js';

/**
 * What `falcon mcp serve` offers: the engines that need no model, through the same tools a session
 * uses (validation, previews, observations) where there is one; each capability says which.
 */
export async function servedTools(options: ServedToolsOptions): Promise<AnyTool[]> {
  return (await loadCapabilityFaces()).flatMap((faces) => faces.servedTools?.(options) ?? []);
}
