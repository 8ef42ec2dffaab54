import type { IncomingMessage } from 'node:http';
import { MessageInbox } from './message-inbox.js';
import { WebSocketError } from './websocket-error.js';

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
/** The largest message read; a larger one closes the connection (1009). */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

export interface WebSocketTarget {
  /** ws:// or wss:// (http(s):// is taken as the same). */
  url: string;
  headers?: Record<string, string>;
  /** Offered in Sec-WebSocket-Protocol; the server picks one. */
  subprotocols?: string[];
  connectTimeoutMs?: number;
}

/** An open connection: what the server picked, the messages as they come, and how to send and close. */
export interface OpenWebSocket {
  url: string;
  /** The subprotocol the server chose ('' for none). */
  protocol: string;
  inbox: MessageInbox;
  send(text: string): Promise<void>;
  /** Closes (1000) and waits for the close, at most a second, then drops the connection. */
  close(): Promise<void>;
}

/** Opens a connection with the `ws` client: the handshake within the timeout, else WebSocketError naming why. */
export async function openWebSocket(target: WebSocketTarget, signal: AbortSignal): Promise<OpenWebSocket> {
  signal.throwIfAborted();
  const url = webSocketUrl(target.url);
  const { WebSocket } = await import('ws');
  const socket = new WebSocket(url, target.subprotocols ?? [], {
    headers: target.headers ?? {},
    handshakeTimeout: target.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    maxPayload: MAX_MESSAGE_BYTES,
    followRedirects: false,
  });
  const inbox = new MessageInbox();
  socket.on('message', (data, isBinary) => inbox.push(isBinary ? `(binary, ${byteLength(data)} bytes)` : String(data)));
  socket.on('close', (code, reason) => inbox.close(code, reason.toString()));
  const onAbort = () => socket.terminate();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('unexpected-response', (_request, response: IncomingMessage) => {
        reject(
          new WebSocketError(
            `${url}: the server answered HTTP ${response.statusCode} ${response.statusMessage ?? ''}`.trimEnd() + ' instead of switching to WebSocket',
          ),
        );
        response.resume();
        socket.terminate();
      });
      socket.once('error', (error) => reject(new WebSocketError(`${url}: ${error.message}`)));
      signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    });
  } catch (error) {
    signal.removeEventListener('abort', onAbort);
    socket.terminate();
    throw error;
  }
  // Errors after the handshake show as the close that follows them.
  socket.on('error', () => undefined);
  return {
    url,
    protocol: socket.protocol,
    inbox,
    send: (text) =>
      new Promise((resolve, reject) =>
        socket.send(text, (error) => (error ? reject(new WebSocketError(`${url}: sending failed: ${error.message}`)) : resolve())),
      ),
    close: async () => {
      signal.removeEventListener('abort', onAbort);
      if (socket.readyState === WebSocket.CLOSED) return;
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.close(1000);
      const timer = setTimeout(() => socket.terminate(), 1_000);
      await closed;
      clearTimeout(timer);
    },
  };
}

/** ws:// or wss://; http(s):// written for the same server is taken as ws(s)://. */
export function webSocketUrl(written: string): string {
  if (!URL.canParse(written)) throw new WebSocketError(`${written}: not a URL (write ws://host/path or wss://host/path)`);
  const url = new URL(written);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  else if (url.protocol === 'https:') url.protocol = 'wss:';
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') throw new WebSocketError(`${written}: not a ws:// or wss:// URL`);
  return url.href;
}

function byteLength(data: Buffer | ArrayBuffer | Buffer[]): number {
  return Array.isArray(data) ? data.reduce((sum, part) => sum + part.length, 0) : data.byteLength;
}
