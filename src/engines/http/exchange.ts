import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { PreparedRequest } from './prepare-request.js';

/** Phases of one exchange in milliseconds; each starts where the previous one ended. */
export interface HttpTiming {
  /** Resolving the host name; 0 for an IP address. */
  dnsMs: number;
  /** TCP connect. */
  connectMs: number;
  /** TLS handshake; 0 for http. */
  tlsMs: number;
  /** From the connection being ready (request sent) to the response's status line and headers. */
  firstByteMs: number;
  /** Start to last body byte. */
  totalMs: number;
}

export interface RawResponse {
  status: number;
  statusMessage: string;
  /** Lower-case names; set-cookie is always an array, other repeated headers are joined. */
  headers: Record<string, string | string[]>;
  /** At most `maxKeptBytes` of the body as received (still compressed, if it was). */
  bytes: Buffer;
  sizeBytes: number;
  truncated: boolean;
  timing: HttpTiming;
}

/**
 * One request and its whole response over node:http(s), on a connection of its own.
 *
 * Why not undici: its `request` reports no phases, and its diagnostics_channel events are process-wide
 * and start after the DNS lookup, so they can neither time DNS nor tell concurrent requests apart
 * without bookkeeping. The socket of a node:http request emits `lookup`, `connect` and
 * `secureConnect` itself, which is the whole split. A fresh connection per request (no keep-alive
 * pool) makes every request's timing include its connection, as curl's does — which is what a
 * person reading "connect 2 ms" expects.
 */
export function exchange(request: PreparedRequest, signal: AbortSignal, maxKeptBytes: number): Promise<RawResponse> {
  const started = performance.now();
  const marks: { lookup?: number; connect?: number; secure?: number } = {};
  const transport = request.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(request.url, { method: request.method, headers: request.headers, agent: false, signal });
    req.on('error', reject);
    req.once('socket', (socket: Socket) => {
      socket.once('lookup', () => (marks.lookup = performance.now()));
      socket.once('connect', () => (marks.connect = performance.now()));
      socket.once('secureConnect', () => (marks.secure = performance.now()));
    });
    req.once('response', (res) => {
      const headersAt = performance.now();
      const chunks: Buffer[] = [];
      let size = 0;
      let kept = 0;
      res.on('error', reject);
      // Read to the end even past the cap, so that the size is true.
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (kept >= maxKeptBytes) return;
        const part = chunk.subarray(0, maxKeptBytes - kept);
        chunks.push(part);
        kept += part.length;
      });
      res.once('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          statusMessage: res.statusMessage ?? '',
          headers: res.headers as Record<string, string | string[]>,
          bytes: Buffer.concat(chunks),
          sizeBytes: size,
          truncated: size > kept,
          timing: phases(started, marks, headersAt, performance.now()),
        }),
      );
      res.once('close', () => {
        if (!res.complete) reject(Object.assign(new Error('the connection closed mid-response'), { code: 'ECONNRESET' }));
      });
    });
    req.end(request.body);
  });
}

function phases(started: number, marks: { lookup?: number; connect?: number; secure?: number }, headersAt: number, endedAt: number): HttpTiming {
  const lookedUp = marks.lookup ?? started;
  const connected = marks.connect ?? lookedUp;
  const ready = marks.secure ?? connected;
  return {
    dnsMs: lookedUp - started,
    connectMs: connected - lookedUp,
    tlsMs: ready - connected,
    firstByteMs: headersAt - ready,
    totalMs: endedAt - started,
  };
}
