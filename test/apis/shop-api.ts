import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listenOnLoopback } from './loopback-server.js';

export const SHOP_PASSWORD = 'pw-Shop-7731-secret';
export const SHOP_TOKEN = 'tok-9f8e7d6c5b4a3921';
const SESSION = 'sess-41c2a9e0b7';
const PRODUCTS = new Set(['A-1', 'B-2', 'C-3']);

export interface ShopApi {
  url: string;
  /** `METHOD /path` of every request received, in order. */
  received: string[];
  close(): Promise<void>;
}

/**
 * A shop on 127.0.0.1: log in (a token in the body, a session cookie), create an order that turns
 * "paid" on its `paidAfterReads`th read, products by SKU, an echo, and an endpoint that never answers in time.
 */
export async function startShopApi(paidAfterReads = 3): Promise<ShopApi> {
  const received: string[] = [];
  const orderReads = new Map<string, number>();
  let orders = 0;
  const server = createServer((request, response) => {
    void handle(request, response);
  });
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://shop');
    received.push(`${request.method} ${url.pathname}`);
    const send = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
    };
    const authorized = request.headers.authorization === `Bearer ${SHOP_TOKEN}`;
    const route = `${request.method} ${url.pathname}`;
    if (route === 'GET /health') return send(200, { status: 'ok', version: 1 });
    if (route === 'POST /login') {
      const { user, password } = JSON.parse(body || '{}') as { user?: string; password?: string };
      if (password !== SHOP_PASSWORD) return send(401, { error: 'bad credentials' });
      return send(200, { token: SHOP_TOKEN, user }, { 'set-cookie': `sid=${SESSION}; Path=/; HttpOnly`, 'x-request-id': 'req-7' });
    }
    if (route === 'GET /me') return request.headers.cookie?.includes(`sid=${SESSION}`) ? send(200, { user: 'ann' }) : send(401, { error: 'no session' });
    if (route === 'POST /echo') return send(200, { received: body });
    if (route === 'GET /slow') return void setTimeout(() => send(200, { late: true }), 2_000);
    const product = /^GET \/products\/([\w-]+)$/.exec(route);
    if (product) return PRODUCTS.has(product[1]!) ? send(200, { sku: product[1] }) : send(404, { error: 'no such product' });
    if (!authorized) return send(401, { error: 'no token' });
    if (route === 'POST /orders') {
      orders += 1;
      const id = `ord-${orders}`;
      orderReads.set(id, 0);
      return send(201, { id, status: 'pending' });
    }
    const order = /^GET \/orders\/([\w-]+)$/.exec(route);
    if (order) {
      const reads = orderReads.get(order[1]!);
      if (reads === undefined) return send(404, { error: 'no such order' });
      orderReads.set(order[1]!, reads + 1);
      return send(200, { id: order[1], status: reads + 1 >= paidAfterReads ? 'paid' : 'pending' });
    }
    send(404, { error: 'not found' });
  }
  const url = await listenOnLoopback(server);
  return { url, received, close: () => closeServer(server) };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
