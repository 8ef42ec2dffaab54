// A real MCP server for the tests, built with the SDK's own server classes: a notebook.
//   node test/support/mcp-notes-server.mjs            serves over stdio (what Falcon starts)
//   startMcpNotesHttpServer({token})                   serves over streamable HTTP on loopback
// Over stdio, its environment steers it: NOTES_CHILD starts that command line as a child (to prove
// Falcon stops the processes a server starts), NOTES_EXTRA_TOOLS adds that many tools (for deferral),
// NOTES_TOKEN is what `whoami` tells, and NOTES_REFUSE_TOKEN makes it refuse that token and exit at once.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/** The notebook server; `notes` is its state, shared by every connection to it. */
export function createNotesServer(notes = [], options = {}) {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  const text = (value) => ({ content: [{ type: 'text', text: value }] });
  server.registerTool(
    'add_note',
    {
      description: 'Add a note to the notebook.',
      inputSchema: { title: z.string().min(1).describe('what the note is about'), tags: z.array(z.string()).optional().describe('labels') },
    },
    async ({ title, tags }) => {
      notes.push({ title, tags: tags ?? [] });
      return text(`Saved note ${notes.length}: ${title}`);
    },
  );
  server.registerTool('list_notes', { description: 'List the notes in the notebook.', inputSchema: {}, annotations: { readOnlyHint: true } }, async () =>
    text(notes.length === 0 ? 'The notebook is empty.' : notes.map((note, index) => `${index + 1}. ${note.title}`).join('\n')),
  );
  server.registerTool('fail', { description: 'Always fails.', inputSchema: { reason: z.string() } }, async ({ reason }) => {
    throw new Error(`it failed because ${reason}`);
  });
  server.registerTool('crash', { description: 'Ends the server in the middle of the call.', inputSchema: {} }, async () => {
    process.stderr.write('notes server: crashing on purpose\n');
    process.exit(3);
  });
  server.registerTool('whoami', { description: 'Tells the token the server was started with.', inputSchema: {} }, async () =>
    text(`token: ${options.token ?? process.env.NOTES_TOKEN ?? '(none)'}`),
  );
  for (let index = 1; index <= (options.extraTools ?? 0); index++) {
    server.registerTool(`extra_${index}`, { description: `Extra tool number ${index}.`, inputSchema: { value: z.number().int() } }, async ({ value }) =>
      text(`extra ${index}: ${value * 2}`),
    );
  }
  return server;
}

/**
 * The notebook over streamable HTTP (stateless: a server per request) at `url`; every request must
 * carry `Authorization: Bearer <token>`. `requests` counts the POSTs that reached it.
 */
export async function startMcpNotesHttpServer({ token }) {
  const notes = [];
  const state = { requests: 0, unauthorized: 0 };
  const http = createServer(async (req, res) => {
    if (req.headers.authorization !== `Bearer ${token}`) {
      state.unauthorized++;
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'unauthorized' }));
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    state.requests++;
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const server = createNotesServer(notes, { token });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, JSON.parse(Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${http.address().port}/mcp`,
    notes,
    state,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.env.NOTES_REFUSE_TOKEN) {
    process.stderr.write(`notes server: the token ${process.env.NOTES_TOKEN} is refused\n`);
    process.exit(1);
  }
  if (process.env.NOTES_CHILD) {
    const [command, ...args] = process.env.NOTES_CHILD.split(' ');
    spawn(command, args, { stdio: 'ignore' });
  }
  const server = createNotesServer([], { extraTools: Number(process.env.NOTES_EXTRA_TOOLS ?? 0) });
  await server.connect(new StdioServerTransport());
}
