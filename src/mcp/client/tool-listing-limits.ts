/**
 * What Falcon takes of an MCP server's tool listing: a server is not trusted to keep its listing
 * small, and every tool taken costs the prompt of every request, and its schema is compiled at start.
 */

/** Most tools taken from one server; the rest are left out, with a warning. */
export const MAX_TOOLS_PER_SERVER = 64;
/** Most pages of a listing read: a server whose cursor never ends is read no further. */
export const MAX_LISTING_PAGES = 10;
/** Longest tool name taken, in characters. */
const MAX_TOOL_NAME_CHARS = 64;
/** Largest input schema taken, as JSON, in characters. */
const MAX_SCHEMA_CHARS = 16 * 1024;
/** Tools left out named in the warning; the rest are counted. */
const MOST_NAMED = 5;

/** What a listed tool gives that the limits judge. */
export interface ListedTool {
  name: string;
  inputSchema: Record<string, unknown>;
}

/** Why a listed tool is left out, or undefined when it is taken. */
export function toolOverLimits(tool: ListedTool): string | undefined {
  if (tool.name.length > MAX_TOOL_NAME_CHARS) return `its name is ${tool.name.length} characters, more than ${MAX_TOOL_NAME_CHARS}`;
  const size = JSON.stringify(tool.inputSchema).length;
  if (size > MAX_SCHEMA_CHARS) return `its input schema is ${Math.ceil(size / 1024)} KB, more than ${MAX_SCHEMA_CHARS / 1024} KB`;
  return undefined;
}

/** `a (why); b (why); … and 7 more`: the tools left out, for one line of warning. */
export function describeLeftOut(leftOut: ReadonlyArray<{ name: string; reason: string }>, beyondLimit: boolean): string | undefined {
  const named = leftOut.slice(0, MOST_NAMED).map(({ name, reason }) => `${shortName(name)} (${reason})`);
  const more = leftOut.length - named.length;
  const parts = [...named, ...(more > 0 ? [`${more} more`] : [])];
  if (beyondLimit) parts.push(`the rest of its listing, beyond ${MAX_TOOLS_PER_SERVER} tools or ${MAX_LISTING_PAGES} pages`);
  return parts.length > 0 ? `tools left out: ${parts.join('; ')}` : undefined;
}

function shortName(name: string): string {
  return name.length > MAX_TOOL_NAME_CHARS ? `${name.slice(0, MAX_TOOL_NAME_CHARS)}…` : name;
}
