import { createServer, type IncomingMessage, type Server } from 'node:http';
import { closeServer, listenOnLoopback } from './loopback-server.js';

export const SHOP_TOKEN = 'tok-7f3a9c2e51d84b06';

export interface FlowShopApi {
  url: string;
  /** `POST /login`, `GET /orders/1`: every request, in order. */
  hits: string[];
  close(): Promise<void>;
}

/**
 * A shop on loopback for flows: GET /health; POST /login with ann's password answers a token; POST
 * /orders with it creates an order, which reads "pending" once and "paid" after.
 */
export async function startFlowShopApi(): Promise<FlowShopApi> {
  const hits: string[] = [];
  const reads = new Map<number, number>();
  let nextOrder = 1;
  const server: Server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      hits.push(`${request.method} ${request.url}`);
      const send = (status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      const authorized = request.headers.authorization === `Bearer ${SHOP_TOKEN}`;
      const order = /^\/orders\/(\d+)$/.exec(request.url ?? '');
      if (request.method === 'GET' && request.url === '/health') return send(200, { ok: true });
      if (request.method === 'POST' && request.url === '/login') {
        const { user, password } = JSON.parse(body || '{}') as { user?: string; password?: string };
        return user === 'ann' && password === 'pw-ann' ? send(200, { token: SHOP_TOKEN }) : send(401, { error: 'bad credentials' });
      }
      if (!authorized) return send(401, { error: 'no token' });
      if (request.method === 'POST' && request.url === '/orders') return send(201, { id: nextOrder++, status: 'pending' });
      if (request.method === 'GET' && order) {
        const id = Number(order[1]);
        const count = (reads.get(id) ?? 0) + 1;
        reads.set(id, count);
        return send(200, { id, status: count > 1 ? 'paid' : 'pending' });
      }
      send(404, { error: 'not found' });
    });
  });
  const url = await listenOnLoopback(server);
  return { url, hits, close: () => closeServer(server) };
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
}

/** The checkout flow: a saved request, a login whose token is extracted, an order, and a poll until it is paid. */
export const CHECKOUT_FLOW = `name: checkout
steps:
  - name: health
    request: health
  - name: log in
    request: {method: POST, url: "{{BASE_URL}}/login", body: {user: ann, password: "pw-ann"}}
    assertions: {status_code: 200}
    extract: {token: "$.token"}
  - name: order
    request: {method: POST, url: "{{BASE_URL}}/orders", headers: {Authorization: "Bearer {{token}}"}}
    assertions: {status_code: 201}
    extract: {order_id: "$.id"}
  - name: wait until paid
    request: {method: GET, url: "{{BASE_URL}}/orders/{{order_id}}", headers: {Authorization: "Bearer {{token}}"}}
    until: {json_path: {"$.status": "paid"}}
    retry: {times: 5, every: 10ms}
`;

export const HEALTH_REQUEST = 'method: GET\nurl: "{{BASE_URL}}/health"\nassertions:\n  status_code: 200\n';
