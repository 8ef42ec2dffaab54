// run_performance with a ws:// url: `falcon perf --ws` for the agent, ended by a message count.
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import path from 'node:path';
import type { z } from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { runPerformanceTool } from '../../../../src/capabilities/load/tools/run-performance.js';
import { ToolError, type ToolContext } from '../../../../src/kit/tool/tool.js';
import { closeServer, listenOnLoopback } from '../../../apis/loopback-server.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

const TOKEN = 'ws-token-7f3a9c51e2';

/** Echoes every message; keeps each handshake's headers. */
let server: Server;
let sockets: WebSocketServer;
let wsUrl: string;
const handshakes: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = createServer((_request, response) => response.writeHead(426).end());
  sockets = new WebSocketServer({ server, handleProtocols: (offered) => (offered.has('echo.v1') ? 'echo.v1' : false) });
  sockets.on('connection', (socket, request) => {
    handshakes.push(request.headers);
    socket.on('message', (data) => socket.send(String(data)));
  });
  wsUrl = (await listenOnLoopback(server)).replace('http://', 'ws://');
});
afterAll(async () => {
  for (const client of sockets.clients) client.terminate();
  await new Promise<void>((resolve) => sockets.close(() => resolve()));
  await closeServer(server);
});

let project: TempProject;
let ctx: ToolContext;

beforeEach(async () => {
  handshakes.length = 0;
  project = await createTempProject();
  await project.write('.falcon/environments/dev.yaml', `BASE_URL: ${wsUrl.replace('ws://', 'http://')}\nWS_TOKEN: ${TOKEN}\n`);
  ctx = toolContext(project.root, new AbortController().signal, 'dev');
});
afterEach(() => project.remove());

type Args = z.input<typeof runPerformanceTool.schema>;
const run = (args: Args) => runPerformanceTool.run(runPerformanceTool.schema.parse(args), ctx);
const preview = (args: Args) => runPerformanceTool.preview!(runPerformanceTool.schema.parse(args), ctx);
const echo = (overrides: Partial<Args> = {}): Args => ({
  url: `${wsUrl}/echo`,
  connections: 3,
  requests: 30,
  ...overrides,
});

describe('run_performance with a ws:// url', () => {
  it('holds the connections, times each message to its reply, and writes a report in messages', async () => {
    const observation = await run(echo({ message: { ping: true }, thresholds: ['error_rate<0.01'] }));
    expect(observation).toMatch(
      new RegExp(`^${wsUrl}/echo — WebSocket, closed model, 3 connections, [\\d.]+ s\\n {2}messages {4}30 · 30 answered · 0 failed\\n`),
    );
    expect(observation).toMatch(/\(message to its reply\)\n {2}thresholds {2}✓ error_rate<0\.01 \(0\)\nReport: \.falcon\/reports\/perf_report_.+\.md$/);
    expect(handshakes).toHaveLength(3);
    const names = await readdir(path.join(project.root, '.falcon', 'reports'));
    const markdown = await readFile(
      path.join(
        project.root,
        '.falcon',
        'reports',
        names.find((name) => name.endsWith('.md'))!,
      ),
      'utf8',
    );
    expect(markdown).toContain('- Messages: 30 at ');
    expect(markdown).not.toContain('req/s');
  });

  it('sends the headers and subprotocols given, their {{VAR}}s resolved, and masks the secret in what it says', async () => {
    const observation = await run(
      echo({ url: `${wsUrl}/echo?token={{WS_TOKEN}}`, headers: { Authorization: 'Bearer {{WS_TOKEN}}' }, subprotocols: ['echo.v1'] }),
    );
    expect(handshakes.map((headers) => [headers.authorization, headers['sec-websocket-protocol']])).toEqual(Array(3).fill([`Bearer ${TOKEN}`, 'echo.v1']));
    expect(observation).toContain('messages    30 · 30 answered · 0 failed');
    expect(observation).not.toContain(TOKEN);
  });

  it('previews the load on the API under test: WebSocket, connections and how it ends', async () => {
    const shown = await preview(echo({ headers: { Authorization: 'Bearer {{WS_TOKEN}}' } }));
    expect(shown).toMatchObject({ kind: 'info', title: `load test ${wsUrl}/echo: WebSocket, 3 connections, 30 messages` });
    expect(shown?.kind === 'info' && shown.details).toBe(
      `${wsUrl.replace('ws://', 'http://')} is the API under test (BASE_URL of the "dev" environment).\nApprove only if this server may take the load.`,
    );
    expect(await preview(echo({ requests: undefined, duration: '5s' }))).toMatchObject({ title: `load test ${wsUrl}/echo: WebSocket, 3 connections, 5s` });
  });

  it('refuses what goes only with HTTP, and what goes only with WebSocket', async () => {
    await expect(run(echo({ method: 'POST', rate: 5 }))).rejects.toThrow(
      new ToolError('a ws:// or wss:// url loads WebSocket messages: leave out method, rate'),
    );
    await expect(run({ url: `${wsUrl.replace('ws://', 'http://')}/echo`, requests: 1, message: { ping: true } })).rejects.toThrow(
      new ToolError('message goes with a ws:// or wss:// url'),
    );
    await expect(run(echo({ duration: '5s' }))).rejects.toThrow(new ToolError('give either duration or requests, not both'));
    expect(handshakes).toEqual([]);
  });

  it('says no load was sent when nothing listens there', async () => {
    const closed = createServer();
    const url = (await listenOnLoopback(closed)).replace('http://', 'ws://');
    await closeServer(closed);
    await expect(run(echo({ url: `${url}/echo` }))).rejects.toThrow(/ — no load was sent\.$/);
  });
});
