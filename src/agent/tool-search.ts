import { z } from 'zod';
import { type AnyTool, defineTool } from '../kit/tool/tool.js';
import { describeTool } from './tool-reference.js';

export const TOOL_SEARCH_NAME = 'tool_search';
const SELECT_PREFIX = 'select:';
/** A tool's reference starts `name — description` (describeTool). */
const REFERENCE_LINE = /^([a-z_][a-z0-9_]*) — /gm;

const schema = z.strictObject({
  query: z.string().min(1).describe('what you need, e.g. "webhook" or "oauth2 token", or exact names: "select:auth,wait"'),
  max_results: z.number().int().min(1).max(20).default(5).describe('most tools to return'),
});

/** `listTools` gives every tool of the session: the registry passes its own list. */
export function createToolSearchTool(listTools: () => readonly AnyTool[]) {
  return defineTool({
    name: TOOL_SEARCH_NAME,
    description: 'Get the parameters of the tools listed without them: finds tools by name or purpose and returns their full reference.',
    schema,
    kind: 'read',
    readOnly: true,
    // The references it returned: a checkpoint keeps those tools loaded.
    facts: ({ text, ok }) => ({ toolsLoaded: ok ? referencedTools(text) : [] }),
    async run({ query, max_results }) {
      const tools = listTools().filter((tool) => tool.name !== TOOL_SEARCH_NAME);
      const trimmed = query.trim();
      if (trimmed.toLowerCase().startsWith(SELECT_PREFIX)) return selectByName(tools, trimmed.slice(SELECT_PREFIX.length));
      const found = rankTools(tools, trimmed);
      if (found.length === 0) return noMatch(tools, `No tool matches "${trimmed}".`);
      const shown = found.slice(0, max_results);
      const rest = found.slice(max_results).map((tool) => tool.name);
      const more = rest.length > 0 ? [`Also matching: ${rest.join(', ')} (select:name for their parameters).`] : [];
      return [`${shown.length} of ${found.length} matching tool${found.length === 1 ? '' : 's'}:`, ...shown.map(describeTool), ...more].join('\n\n');
    },
  });
}

/** The tools whose full reference a text holds (what tool_search returned, a checkpoint's references). */
export function referencedTools(text: string): string[] {
  return [...text.matchAll(REFERENCE_LINE)].map((match) => match[1]!);
}

function selectByName(tools: readonly AnyTool[], list: string): string {
  const names = list
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 0) return noMatch(tools, 'select: needs tool names, e.g. "select:auth,wait".');
  const found = names.flatMap((name) => tools.filter((tool) => tool.name === name));
  const unknown = names.filter((name) => !tools.some((tool) => tool.name === name)).map((name) => `"${name}"`);
  const missing = unknown.length > 0 ? `No tool is named ${unknown.join(', ')}.` : '';
  if (found.length === 0) return noMatch(tools, missing);
  return [...found.map(describeTool), ...(missing ? [missing] : [])].join('\n\n');
}

/** Names a "no match" answer lists: MCP servers may bring many more. */
const MOST_NAMES_LISTED = 40;

function noMatch(tools: readonly AnyTool[], head: string): string {
  const deferred = tools.filter((tool) => tool.deferred).map((tool) => tool.name);
  const more = deferred.length - MOST_NAMES_LISTED;
  const names = `${deferred.slice(0, MOST_NAMES_LISTED).join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  return `${head} Tools listed without parameters: ${names}. Search with other words, or "select:name".`;
}

const STOP_WORDS = new Set(
  'a an and by do does for from how in into is it me my need of on or that the this to tool tools use want what which with'.split(' '),
);

/**
 * Tools whose name, description or rest of reference share words with the query, best first;
 * ties go to deferred tools (core ones are in the prompt already), then to the registry's order.
 */
function rankTools(tools: readonly AnyTool[], query: string): AnyTool[] {
  const wanted = stemsOf(query).filter((stem) => !STOP_WORDS.has(stem));
  const lowered = query.toLowerCase();
  return tools
    .map((tool, order) => {
      const name = stemsOf(tool.name);
      const description = stemsOf(tool.description);
      const reference = stemsOf(describeTool(tool));
      const named = lowered.includes(tool.name) ? 10 : 0;
      const score = wanted.reduce((sum, stem) => {
        if (name.includes(stem)) return sum + 5;
        if (description.includes(stem)) return sum + 3;
        if (stem.length >= 3 && description.some((word) => word.startsWith(stem))) return sum + 2;
        return sum + (reference.includes(stem) ? 1 : 0);
      }, named);
      return { tool, order, score };
    })
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || Number(b.tool.deferred ?? false) - Number(a.tool.deferred ?? false) || a.order - b.order)
    .map((entry) => entry.tool);
}

/** Lower-case words with common English endings cut, so "webhooks" finds "webhook" and "idempotent" "idempotency". */
function stemsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1)
    .map((word) => (word.length >= 5 ? word.replace(/(ing|ency|ent|ed|s|y)$/, '') : word));
}
