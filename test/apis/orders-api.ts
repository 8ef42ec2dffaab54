import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { createAjv } from '../../src/engines/assertions/json-schema.js';
import { type SpecServer, closeServer, listenOnLoopback } from './loopback-server.js';
import { readJsonBody, sendError, sendJson } from './nonconforming-api/json-exchange.js';
import { routeRequests } from './nonconforming-api/routes.js';

export const ORDERS_SPEC_FILE = fileURLToPath(new URL('../fixtures/specs/orders-3.0.yaml', import.meta.url));

export interface OrdersApi extends SpecServer {
  /** `POST /orders 201`, `GET /orders/2 500`: every request answered, in order. */
  log: string[];
}

interface Order {
  id: number;
  item: string;
  quantity: number;
}

/**
 * The API of ORDERS_SPEC_FILE on loopback; order 1 is there from the start. With `defect`, reading
 * an order that POST /orders created answers 500: the spec's example (order 1) never sees it, only a
 * request for an order the API made does (a chain's read, or a read given a created order's id).
 * Without it, the API follows its spec for every input.
 */
export async function startOrdersApi(options: {
  defect: boolean;
  /** The id of the first order POST creates; default 2. */ firstId?: number;
}): Promise<OrdersApi> {
  const document = parse(await readFile(ORDERS_SPEC_FILE, 'utf8')) as { components: unknown };
  const ajv = await createAjv('07');
  ajv.addSchema({ $id: 'orders.json', components: document.components });
  const validNewOrder = ajv.compile({ $ref: 'orders.json#/components/schemas/NewOrder' });
  const orders = new Map<number, Order>([[1, { id: 1, item: 'ink', quantity: 1 }]]);
  const created = new Set<number>();
  let nextId = options.firstId ?? 2;
  const log: string[] = [];
  const orderId = (raw: string | undefined) => (/^\d+$/.test(raw ?? '') && Number(raw) >= 1 ? Number(raw) : undefined);

  const handle = routeRequests([
    { method: 'GET', path: '/orders', handle: (_req, res) => sendJson(res, 200, [...orders.values()]) },
    {
      method: 'POST',
      path: '/orders',
      async handle(req, res) {
        const body = await readJsonBody(req);
        if (!body.ok && body.reason === 'media-type') return sendError(res, 415, 'send the order as application/json');
        if (!body.ok || !validNewOrder(body.value)) return sendError(res, 400, 'the order does not follow the NewOrder schema');
        const order = { id: nextId++, ...(body.value as Omit<Order, 'id'>) };
        orders.set(order.id, order);
        created.add(order.id);
        sendJson(res, 201, order);
      },
    },
    {
      method: 'GET',
      path: '/orders/{orderId}',
      handle(_req, res, params) {
        const id = orderId(params.orderId);
        if (id === undefined) return sendError(res, 400, 'orderId must be an integer of at least 1');
        const order = orders.get(id);
        if (!order) return sendError(res, 404, `no order ${id}`);
        // The planted defect: an order made through the API cannot be read back.
        if (options.defect && created.has(id)) return sendError(res, 500, `cannot read order ${id}: its line items were never saved`);
        sendJson(res, 200, order);
      },
    },
    {
      method: 'DELETE',
      path: '/orders/{orderId}',
      handle(_req, res, params) {
        const id = orderId(params.orderId);
        if (id === undefined) return sendError(res, 400, 'orderId must be an integer of at least 1');
        if (!orders.delete(id)) return sendError(res, 404, `no order ${id}`);
        res.writeHead(204).end();
      },
    },
  ]);
  const server = createServer((req, res) => {
    res.on('finish', () => log.push(`${req.method} ${req.url} ${res.statusCode}`));
    handle(req, res);
  });
  const url = await listenOnLoopback(server);
  return { url, specFile: ORDERS_SPEC_FILE, log, close: () => closeServer(server) };
}
