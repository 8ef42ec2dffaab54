import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface ScriptedReply {
  status?: number;
  headers?: http.OutgoingHttpHeaders;
  /** An object or array is sent as JSON (with its content-type unless `headers` say otherwise); a string as is. */
  body?: unknown;
  /** Held back this long before answering. */
  delayMs?: number;
}

/** `"GET /pets/1"` (or `"GET /pets/*"`, the rest of the path any text) → the reply, or a function of the request (it may wait). */
export type Script = Record<string, ScriptedReply | ((request: ReceivedRequest) => ScriptedReply | Promise<ScriptedReply>)>;

export interface ScriptedApi {
  url: string;
  received: ReceivedRequest[];
  /** The most requests that were being answered at the same moment. */
  maxInFlight(): number;
  close(): Promise<void>;
}

/** A loopback API answering from a script; unknown routes get a JSON 404. */
export async function startScriptedApi(script: Script): Promise<ScriptedApi> {
  const received: ReceivedRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = http.createServer((req, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      void replyFor(script, request).then((reply) =>
        setTimeout(() => {
          inFlight -= 1;
          answer(res, reply);
        }, reply.delayMs ?? 0),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The script's reply; a function of the request that fails answers 500 with why, as a broken API would. */
async function replyFor(script: Script, request: ReceivedRequest): Promise<ScriptedReply> {
  const entry = findRoute(script, request);
  try {
    return typeof entry === 'function' ? await entry(request) : (entry ?? { status: 404, body: { error: 'no such route' } });
  } catch (error) {
    return { status: 500, body: { error: String(error) } };
  }
}

function findRoute(script: Script, request: ReceivedRequest): Script[string] | undefined {
  const path = request.url.split('?')[0] ?? '';
  const key = `${request.method} ${path}`;
  if (script[key]) return script[key];
  const wildcard = Object.keys(script).find((route) => route.endsWith('*') && key.startsWith(route.slice(0, -1)));
  return wildcard === undefined ? undefined : script[wildcard];
}

function answer(res: http.ServerResponse, reply: ScriptedReply): void {
  const headers: http.OutgoingHttpHeaders = { ...reply.headers };
  let body: string | undefined;
  if (typeof reply.body === 'string') body = reply.body;
  else if (reply.body !== undefined) {
    body = JSON.stringify(reply.body);
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  }
  res.writeHead(reply.status ?? 200, headers);
  res.end(body);
}
