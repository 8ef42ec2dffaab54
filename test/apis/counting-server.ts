import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listenOnLoopback } from './loopback-server.js';

/** A loopback API that counts what it receives; `handle` decides each answer (default: 200 "ok"). */
export interface CountingServer {
  url: string;
  /** Requests whose headers arrived, in order, with when (performance.now()). */
  received: Array<{ method: string; path: string; at: number }>;
  close(): Promise<void>;
}

export async function startCountingServer(
  handle: (request: IncomingMessage, response: ServerResponse, index: number) => void = (_request, response) => response.end('ok'),
): Promise<CountingServer> {
  const received: CountingServer['received'] = [];
  const server = createServer((request, response) => {
    received.push({ method: request.method ?? '', path: request.url ?? '', at: performance.now() });
    request.resume();
    request.on('end', () => handle(request, response, received.length - 1));
  });
  server.keepAliveTimeout = 30_000;
  const url = await listenOnLoopback(server);
  return { url, received, close: () => closeServer(server) };
}
