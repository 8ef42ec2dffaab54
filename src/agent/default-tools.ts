import { loadCapabilityFaces } from '../capabilities/index.js';
import { DEFERRED_GROUPS, type CapabilityFaces, type DeferredGroup } from '../kit/capability.js';
import { createRetryTool } from './retry-tool.js';
import { createToolSearchTool } from './tool-search.js';
import type { AnyTool } from '../kit/tool/tool.js';

/** The tools every session gets, from every capability; `outside`: tools from MCP servers. */
export async function loadDefaultTools(outside: readonly AnyTool[] = []): Promise<AnyTool[]> {
  return defaultTools(await loadCapabilityFaces(), outside);
}

/**
 * Core tools first, described in full in the prompt: what an API-testing session uses on most
 * turns. Then tool_search, then the deferred tools by group, which the prompt lists by name only
 * to keep the first request small enough for an 8k-token model, and retry, which runs any of them
 * again. `outside` tools come last, core or deferred as they come.
 */
function defaultTools(faces: readonly CapabilityFaces[], outside: readonly AnyTool[] = []): AnyTool[] {
  const placed = faces.flatMap((face) => face.tools ?? []);
  const core = placed.filter(({ place }) => place === 'core').map(({ tool }) => tool);
  const deferred = DEFERRED_GROUPS.flatMap((group) => placed.filter(({ place }) => place === group).map(({ tool }) => deferTool(tool, group)));
  const byName = new Map([...core, ...deferred].map((tool) => [tool.name, tool]));
  const retry = deferTool(
    createRetryTool((name) => byName.get(name)),
    'requests and responses',
  );
  const tools: AnyTool[] = [...core, createToolSearchTool(() => tools), ...deferred, retry, ...outside];
  return tools;
}

function deferTool(tool: AnyTool, group: DeferredGroup): AnyTool {
  return { ...tool, deferred: true, group };
}
