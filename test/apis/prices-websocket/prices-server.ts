import { createServer, type IncomingMessage } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { closeServer, listenOnLoopback } from '../loopback-server.js';

/** The token /prices asks for: `Authorization: Bearer price-token`. */
export const PRICES_TOKEN = 'price-token';
export const PRICES_SUBPROTOCOL = 'prices.v1';
/** The symbol whose second price is planted as a string, against the AsyncAPI schema's number. */
export const MISPRICED_SYMBOL = 'GBPUSD';

export interface PricesServer {
  /** `ws://127.0.0.1:PORT`. */
  url: string;
  close(): Promise<void>;
}

/**
 * A real WebSocket API on loopback (`ws`'s WebSocketServer), answering at once:
 * - `/prices` needs `Authorization: Bearer price-token` (else 401) and the `prices.v1` subprotocol
 *   (else 400); `{"subscribe": "EURUSD", "count": 3}` is answered with `count` (default 3) price
 *   messages `{"type": "price", "symbol", "price", "seq"}` — for GBPUSD the second price is a string;
 *   `bye` closes the connection (1000); anything else is answered `{"type": "error", "message"}`.
 * - `/echo` sends every message back as it came.
 * - `/silent` accepts and never sends.
 */
export async function startPricesServer(): Promise<PricesServer> {
  const server = createServer((_request, response) => response.writeHead(426, { 'content-type': 'text/plain' }).end('WebSocket only\n'));
  const sockets = new WebSocketServer({
    server,
    handleProtocols: (offered) => (offered.has(PRICES_SUBPROTOCOL) ? PRICES_SUBPROTOCOL : false),
    verifyClient: ({ req }: { req: IncomingMessage }, accept: (ok: boolean, code?: number, message?: string) => void) => {
      const path = new URL(req.url ?? '/', 'ws://localhost').pathname;
      if (path === '/echo' || path === '/silent') return accept(true);
      if (path !== '/prices') return accept(false, 404, 'Not Found');
      if (req.headers.authorization !== `Bearer ${PRICES_TOKEN}`) return accept(false, 401, 'Unauthorized');
      const offered = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((name) => name.trim());
      if (!offered.includes(PRICES_SUBPROTOCOL)) return accept(false, 400, 'Bad Request');
      accept(true);
    },
  });
  sockets.on('connection', (socket, request) => {
    const path = new URL(request.url ?? '/', 'ws://localhost').pathname;
    if (path === '/echo') socket.on('message', (data, isBinary) => socket.send(data, { binary: isBinary }));
    if (path === '/prices') socket.on('message', (data) => answerPrices(socket, String(data)));
  });
  const url = (await listenOnLoopback(server)).replace('http://', 'ws://');
  return {
    url,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      await closeServer(server);
    },
  };
}

function answerPrices(socket: WebSocket, text: string): void {
  if (text === 'bye') {
    socket.close(1000, 'bye');
    return;
  }
  let request: { subscribe?: unknown; count?: unknown };
  try {
    request = JSON.parse(text) as typeof request;
  } catch {
    socket.send(JSON.stringify({ type: 'error', message: 'not JSON' }));
    return;
  }
  if (typeof request.subscribe !== 'string') {
    socket.send(JSON.stringify({ type: 'error', message: 'expected {"subscribe": "SYMBOL"}' }));
    return;
  }
  const count = typeof request.count === 'number' ? Math.min(request.count, 100) : 3;
  for (let seq = 1; seq <= count; seq += 1) {
    const price = Number((1.0841 + seq / 10_000).toFixed(4));
    const planted = request.subscribe === MISPRICED_SYMBOL && seq === 2;
    socket.send(JSON.stringify({ type: 'price', symbol: request.subscribe, price: planted ? String(price) : price, seq }));
  }
}
