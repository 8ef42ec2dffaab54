import { openWebSocket, type OpenWebSocket } from '../websocket/open-websocket.js';
import { WebSocketError } from '../websocket/websocket-error.js';
import { TargetUnreachableError } from '../http/target-unreachable-error.js';
import { LoadMetrics } from './load-metrics.js';
import type { PerfResult } from './perf-result.js';
import type { ThresholdSpec } from './perf-scenario.js';
import { evaluateThresholds } from './thresholds.js';

/** 101, the status of the upgrade: what a message answered is counted under in the figures. */
const REPLIED = 101;

export interface WebSocketLoadOptions {
  url: string;
  headers?: Record<string, string>;
  subprotocols?: string[];
  /** Connections held open, each sending its next message once the last was answered. */
  connections: number;
  /** Stop after this long; without it, once `messages` have been answered. */
  durationMs?: number;
  /** Stop after this many messages in all, if sooner. */
  messages?: number;
  /** The JSON object each message is; Falcon adds its `id`. */
  message: Record<string, unknown>;
  /** A message not answered within this long counts as a timeout. */
  timeoutMs: number;
  thresholds: readonly ThresholdSpec[];
  signal: AbortSignal;
}

/**
 * Holds `connections` WebSocket connections, each sending a message and waiting for its reply
 * before the next (a closed model). Latency is request/reply: from a message sent to the first
 * message received on its connection whose JSON `id` is the one sent (an echo server's, or a
 * server answering `{"id": …}`); no reply within the timeout is a timeout, a connection closed
 * under a message a reset. A first connection that cannot be opened is TargetUnreachableError.
 */
export async function runWebSocketLoad(options: WebSocketLoadOptions): Promise<PerfResult> {
  const metrics = new LoadMetrics();
  const started = performance.now();
  const deadline = started + (options.durationMs ?? Number.POSITIVE_INFINITY);
  let budget = options.messages ?? Number.POSITIVE_INFINITY;
  const open = (): Promise<OpenWebSocket> => openWebSocket({ url: options.url, headers: options.headers, subprotocols: options.subprotocols }, options.signal);
  let first: OpenWebSocket;
  try {
    first = await open();
  } catch (error) {
    if (error instanceof WebSocketError) throw new TargetUnreachableError(error.message);
    throw error;
  }
  const sockets = [first, ...(await Promise.all(Array.from({ length: options.connections - 1 }, () => open().catch(() => undefined))))];
  const refused = sockets.filter((socket) => socket === undefined).length;
  for (let index = 0; index < refused; index += 1) metrics.transportError('refused', 0, 0);
  const going = () => !options.signal.aborted && performance.now() < deadline && budget > 0;
  await Promise.all(
    sockets.map(async (socket, connection) => {
      if (!socket) return;
      for (let sequence = 1; going(); sequence += 1) {
        budget -= 1;
        const id = `${connection + 1}-${sequence}`;
        const text = JSON.stringify({ ...options.message, id });
        const sentAt = performance.now();
        const reply = await sendAndAwaitReply(socket, text, id, options.timeoutMs).catch(() => ({ kind: 'reset' as const }));
        const atMs = performance.now() - started;
        if (reply.kind === 'reply') metrics.response(REPLIED, (reply.at - sentAt) * 1000, atMs, Buffer.byteLength(text), reply.bytes);
        else metrics.transportError(reply.kind, atMs, Buffer.byteLength(text));
        if (reply.kind === 'reset') break;
      }
    }),
  );
  const durationMs = performance.now() - started;
  await Promise.all(sockets.map((socket) => socket?.close()));
  // The seconds planned are drawn only for a run its duration ends: one a count ends may end sooner.
  const figures = metrics.figures(durationMs, options.signal.aborted || options.messages !== undefined ? undefined : options.durationMs);
  return {
    target: options.url,
    model: 'closed',
    ...figures,
    thresholds: evaluateThresholds(options.thresholds, figures),
    load: { connections: options.connections, workers: 1 },
    protocol: 'websocket',
    ...(options.signal.aborted && { interrupted: true }),
  };
}

type Reply = { kind: 'reply'; at: number; bytes: number } | { kind: 'timeout' } | { kind: 'reset' };

function sendAndAwaitReply(socket: OpenWebSocket, text: string, id: string, timeoutMs: number): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const finish = (reply: Reply) => {
      clearTimeout(timer);
      stop();
      resolve(reply);
    };
    const look = () => {
      for (const message of socket.inbox.drain()) {
        if (idOf(message.text) === id) return finish({ kind: 'reply', at: performance.now(), bytes: Buffer.byteLength(message.text) });
      }
      if (socket.inbox.closed) finish({ kind: 'reset' });
    };
    const timer = setTimeout(() => finish({ kind: 'timeout' }), timeoutMs);
    const stop = socket.inbox.onChange(look);
    socket.send(text).then(look, (error: unknown) => {
      clearTimeout(timer);
      stop();
      reject(error as Error);
    });
  });
}

function idOf(text: string): unknown {
  try {
    return (JSON.parse(text) as { id?: unknown } | null)?.id;
  } catch {
    return undefined;
  }
}
