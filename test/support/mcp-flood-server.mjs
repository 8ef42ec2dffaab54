// An MCP server over stdio that lists more than any session should take, for the tests of the
// client's limits. Its environment steers it:
//   FLOOD_TOOLS_PER_PAGE  tools on each page of tools/list (default 100), named tool_<n>, each
//                         described by FLOOD_DESCRIPTION_CHARS characters (default 40)
//   FLOOD_ENDLESS         "1": every page has a next cursor, for ever
//   FLOOD_ODD             "1": the first page also lists a tool with a 40 KB schema and one with a 100-character name
//   FLOOD_LOG             a file that gets a line per tools/list request
import { appendFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const perPage = Number(process.env.FLOOD_TOOLS_PER_PAGE ?? 100);
const describe = (n) => `Tool number ${n}. ${'x'.repeat(Math.max(0, Number(process.env.FLOOD_DESCRIPTION_CHARS ?? 40) - 20))}`;
const schema = { type: 'object', properties: { value: { type: 'integer', description: 'a number' } }, required: ['value'] };

const server = new Server({ name: 'flood', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async (request) => {
  if (process.env.FLOOD_LOG) appendFileSync(process.env.FLOOD_LOG, `list ${request.params?.cursor ?? 'start'}\n`);
  const page = Number(request.params?.cursor ?? 0);
  const tools = Array.from({ length: perPage }, (_, index) => {
    const n = page * perPage + index;
    return { name: `tool_${n}`, description: describe(n), inputSchema: schema };
  });
  if (page === 0 && process.env.FLOOD_ODD === '1') {
    const huge = Object.fromEntries(Array.from({ length: 800 }, (_, index) => [`field_${index}`, { type: 'string', description: 'd'.repeat(40) }]));
    tools.unshift({ name: 'huge_schema', description: 'A tool whose schema is a book.', inputSchema: { type: 'object', properties: huge } });
    tools.unshift({ name: `long_${'n'.repeat(95)}`, description: 'A tool with a very long name.', inputSchema: schema });
  }
  const endless = process.env.FLOOD_ENDLESS === '1';
  return { tools, ...(endless && { nextCursor: String(page + 1) }) };
});
server.setRequestHandler(CallToolRequestSchema, async (request) => ({
  content: [{ type: 'text', text: `${request.params.name}: ${Number(request.params.arguments?.value) * 2}` }],
}));
await server.connect(new StdioServerTransport());
