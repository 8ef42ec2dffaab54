import { createServer, type IncomingHttpHeaders } from 'node:http';
import { closeServer, listenOnLoopback } from './loopback-server.js';

/** A loopback server that keeps every request it gets, whole: where a secret would land if it leaked. */
export interface RecordingServer {
  url: string;
  received: Array<{ method: string; path: string; headers: IncomingHttpHeaders }>;
  close(): Promise<void>;
}

/** Answers each path in `routes` with its JSON, anything else with `{"ok": true}`. */
export async function startRecordingServer(routes: Record<string, unknown> = {}): Promise<RecordingServer> {
  const received: RecordingServer['received'] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    received.push({ method: request.method ?? '', path, headers: request.headers });
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(routes[new URL(path, 'http://x').pathname] ?? { ok: true }));
    });
  });
  const url = await listenOnLoopback(server);
  return { url, received, close: () => closeServer(server) };
}
