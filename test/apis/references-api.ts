import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { ajvFactory } from '../../src/engines/assertions/json-schema.js';
import { type SpecServer, closeServer, listenOnLoopback } from './loopback-server.js';
import { readJsonBody, sendError, sendJson } from './nonconforming-api/json-exchange.js';
import { routeRequests } from './nonconforming-api/routes.js';

export const REFERENCES_SPEC_FILE = fileURLToPath(new URL('../fixtures/specs/references-3.0.yaml', import.meta.url));

/**
 * The defective build's defects, each behind a reference: a request reaches it only when the id it
 * sends names a customer or order the API has. With the spec's example ids (customer 123, order 1,
 * which do not exist) every one of them is refused (422) or not found (404), and a run that passes.
 */
export const REFERENCE_DEFECTS = [
  { operationId: 'getCustomer', check: 'response_schema_conformance', what: 'a customer read back has no email' },
  { operationId: 'createOrder', check: 'not_a_server_error', what: 'an order of more than 50 for a customer the API has breaks the stock check (500)' },
  { operationId: 'getOrder', check: 'not_a_server_error', what: 'an order the API has cannot be read (500)' },
] as const;

export interface ReferencesApi extends SpecServer {
  /** `POST /orders 201`, `GET /orders/3 500`: every request answered, in order. */
  log: string[];
}

export interface ReferencesApiOptions {
  build: 'conforming' | 'defective';
  /** The id the first customer and the first order created get; default 1. */
  firstId?: number;
  /** A customer there from the start, with this id (for --seed-data). */
  knownCustomer?: number;
}

interface Customer {
  id: number;
  name: string;
  email: string;
}

interface Order {
  id: number;
  customerId: number;
  item: string;
  quantity: number;
}

/**
 * The API of REFERENCES_SPEC_FILE on loopback: customers, and orders for a customer. Every body is
 * checked against the spec (400), and an order for a customer the API does not have is refused
 * with 422 `{"error":"customer 123 not found"}`. The conforming build follows its spec for every
 * input; the defective one has the REFERENCE_DEFECTS, reachable only through real ids.
 */
export async function startReferencesApi(options: ReferencesApiOptions): Promise<ReferencesApi> {
  const document = parse(await readFile(REFERENCES_SPEC_FILE, 'utf8')) as { components: unknown };
  const ajv = (await ajvFactory('07'))();
  ajv.addSchema({ $id: 'references.json', components: document.components });
  const validNewCustomer = ajv.compile({ $ref: 'references.json#/components/schemas/NewCustomer' });
  const validNewOrder = ajv.compile({ $ref: 'references.json#/components/schemas/NewOrder' });
  const defective = options.build === 'defective';
  const customers = new Map<number, Customer>();
  const orders = new Map<number, Order>();
  if (options.knownCustomer !== undefined) customers.set(options.knownCustomer, { id: options.knownCustomer, name: 'Known Ltd', email: 'known@example.com' });
  let nextCustomer = options.firstId ?? 1;
  let nextOrder = options.firstId ?? 1;
  const log: string[] = [];
  const idOf = (raw: string | undefined) => (/^\d+$/.test(raw ?? '') && Number(raw) >= 1 ? Number(raw) : undefined);

  const handle = routeRequests([
    { method: 'GET', path: '/customers', handle: (_req, res) => sendJson(res, 200, [...customers.values()]) },
    {
      method: 'POST',
      path: '/customers',
      async handle(req, res) {
        const body = await readJsonBody(req);
        if (!body.ok && body.reason === 'media-type') return sendError(res, 415, 'send the customer as application/json');
        if (!body.ok || !validNewCustomer(body.value)) return sendError(res, 400, 'the customer does not follow the NewCustomer schema');
        while (customers.has(nextCustomer)) nextCustomer++;
        const customer = { id: nextCustomer++, ...(body.value as Omit<Customer, 'id'>) };
        customers.set(customer.id, customer);
        sendJson(res, 201, customer, { location: `/customers/${customer.id}` });
      },
    },
    {
      method: 'GET',
      path: '/customers/{customerId}',
      handle(_req, res, params) {
        const id = idOf(params.customerId);
        if (id === undefined) return sendError(res, 400, 'customerId must be an integer of at least 1');
        const customer = customers.get(id);
        if (!customer) return sendError(res, 404, `no customer ${id}`);
        // Planted: the email is dropped on the way out.
        if (defective) return sendJson(res, 200, { id: customer.id, name: customer.name });
        sendJson(res, 200, customer);
      },
    },
    { method: 'GET', path: '/orders', handle: (_req, res) => sendJson(res, 200, [...orders.values()]) },
    {
      method: 'POST',
      path: '/orders',
      async handle(req, res) {
        const body = await readJsonBody(req);
        if (!body.ok && body.reason === 'media-type') return sendError(res, 415, 'send the order as application/json');
        if (!body.ok || !validNewOrder(body.value)) return sendError(res, 400, 'the order does not follow the NewOrder schema');
        const input = body.value as Omit<Order, 'id'>;
        if (!customers.has(input.customerId)) return sendError(res, 422, `customer ${input.customerId} not found`);
        // Planted: a large order for a real customer overflows the stock check.
        if (defective && input.quantity > 50) return sendError(res, 500, `stock check overflowed for ${input.quantity} × ${input.item}`);
        const order = { id: nextOrder++, customerId: input.customerId, item: input.item, quantity: input.quantity };
        orders.set(order.id, order);
        sendJson(res, 201, order);
      },
    },
    {
      method: 'GET',
      path: '/orders/{orderId}',
      handle(_req, res, params) {
        const id = idOf(params.orderId);
        if (id === undefined) return sendError(res, 400, 'orderId must be an integer of at least 1');
        const order = orders.get(id);
        if (!order) return sendError(res, 404, `no order ${id}`);
        // Planted: any order the API has breaks its pricing.
        if (defective) return sendError(res, 500, `cannot price order ${id}: the discount of customer ${order.customerId} was never loaded`);
        sendJson(res, 200, order);
      },
    },
  ]);
  const server = createServer((req, res) => {
    res.on('finish', () => log.push(`${req.method} ${req.url} ${res.statusCode}`));
    handle(req, res);
  });
  const url = await listenOnLoopback(server);
  return { url, specFile: REFERENCES_SPEC_FILE, log, close: () => closeServer(server) };
}
