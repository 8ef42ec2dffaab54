import { z } from 'zod';
import type { McpServerSettings } from './types.js';

/** How long a server may take to start and list its tools, when its entry does not say. */
export const DEFAULT_MCP_START_TIMEOUT_S = 10;
const MAX_MCP_START_TIMEOUT_S = 300;

/** What every MCP tool's name starts with: `mcp__<server>__<tool>`. */
export const MCP_TOOL_PREFIX = 'mcp__';

/** Server names become part of tool names, which models write as identifiers. */
const SERVER_NAME = /^[A-Za-z0-9_-]+$/;

const entrySchema = z
  .strictObject({
    command: z.string().trim().min(1).nullish(),
    args: z.array(z.string()).nullish(),
    env: z.record(z.string(), z.string()).nullish(),
    url: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).nullish(),
    headers: z.record(z.string(), z.string()).nullish(),
    timeout_s: z.int().min(1).max(MAX_MCP_START_TIMEOUT_S).nullish(),
  })
  .superRefine((entry, ctx) => {
    if (!entry.command === !entry.url) {
      ctx.addIssue({ code: 'custom', message: 'give either command (a server Falcon starts) or url (a streamable HTTP server)' });
      return;
    }
    const misplaced = entry.command ? (['headers'] as const) : (['args', 'env'] as const);
    for (const key of misplaced) {
      if (entry[key]) ctx.addIssue({ code: 'custom', path: [key], message: `goes with ${entry.command ? 'url' : 'command'}` });
    }
  });

/** `mcp_servers:` in either config file: a name per server, and how to reach it. */
export const mcpServersSchema = z.record(z.string(), entrySchema).superRefine((servers, ctx) => {
  for (const name of Object.keys(servers)) {
    if (!SERVER_NAME.test(name)) ctx.addIssue({ code: 'custom', path: [name], message: 'a server name of letters, digits, _ and -' });
  }
});

export function toMcpServers(data: z.output<typeof mcpServersSchema> | null | undefined): Record<string, McpServerSettings> | undefined {
  if (!data) return undefined;
  return Object.fromEntries(
    Object.entries(data).map(([name, entry]): [string, McpServerSettings] => {
      const timeoutS = entry.timeout_s ?? DEFAULT_MCP_START_TIMEOUT_S;
      if (entry.command) return [name, { transport: 'stdio', command: entry.command, args: entry.args ?? [], env: entry.env ?? {}, timeoutS }];
      return [name, { transport: 'http', url: entry.url!, headers: entry.headers ?? {}, timeoutS }];
    }),
  );
}
