import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { readText, sendJson } from './nonconforming-api/json-exchange.js';

/**
 * The flaws an AccountApi can have; with none it is protected throughout.
 * - `read-any-order`, `write-any-order`: `GET`/`PATCH /orders/{orderId}` skip the owner check;
 * - `archived-orders-open`: archived orders (carol's order 3) skip it;
 * - `read-any-user`: `GET /users/{id}` answers anyone's account; `read-any-note`: `GET /notes/{noteId}` anyone's note;
 * - `admin-users-open`, `role-change-open`, `sales-report-open`: the admin operations answer anyone;
 * - `me-mass-assignment`: `PATCH /me` stores every property sent (`role` too);
 * - `order-price`: `POST /orders` and `PATCH /orders/{orderId}` store the `price` sent;
 * - `me-hash`: `GET /me` sends the stored password hash; `login-hash`: so does the login;
 * - `product-keys`: products carry their supplier's API key; `orders-of-everyone`: `GET /orders` lists every user's orders.
 */
export type AccountFlaw =
  | 'read-any-order'
  | 'write-any-order'
  | 'archived-orders-open'
  | 'read-any-user'
  | 'read-any-note'
  | 'admin-users-open'
  | 'role-change-open'
  | 'sales-report-open'
  | 'me-mass-assignment'
  | 'order-price'
  | 'me-hash'
  | 'login-hash'
  | 'product-keys'
  | 'orders-of-everyone';

interface Account {
  id: number;
  username: string;
  password: string;
  passwordHash: string;
  displayName: string;
  email: string;
  role: string;
  [extra: string]: unknown;
}

interface Order {
  id: number;
  userId: number;
  productId: number;
  quantity: number;
  price: number;
  status: string;
  note: string;
  archived?: boolean;
  [extra: string]: unknown;
}

export const ACCOUNT_LOGINS = {
  alice: 'alice:alice-secret-pass-1',
  bob: 'bob:bob-secret-pass-2',
  admin: 'admin:admin-secret-pass-3',
  /** An administrator whose name does not say so. */
  dana: 'dana:dana-secret-pass-4',
};

const HASH = '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy';
const PRODUCT_PRICE = 12.5;

/** Everything the API holds, fresh for each API made; tests look at it after a scan. */
export interface AccountData {
  accounts: Account[];
  orders: Map<number, Order>;
  notes: Map<number, { id: number; userId: number; text: string }>;
  /** Every request as `METHOD /path`. */
  requests: string[];
}

/** A small shop of accounts, orders and notes behind bearer tokens, with the flaws asked for planted. */
export function accountApi(flaws: readonly AccountFlaw[] = []): { handler: RequestListener; data: AccountData } {
  const flawed = new Set(flaws);
  const data: AccountData = {
    accounts: [
      { id: 1, username: 'alice', password: 'alice-secret-pass-1', passwordHash: HASH, displayName: 'Alice Liddell', email: 'alice@shop.test', role: 'user' },
      { id: 2, username: 'bob', password: 'bob-secret-pass-2', passwordHash: HASH, displayName: 'Bob Builder', email: 'bob@shop.test', role: 'user' },
      { id: 3, username: 'admin', password: 'admin-secret-pass-3', passwordHash: HASH, displayName: 'Shop Admin', email: 'admin@shop.test', role: 'admin' },
      { id: 4, username: 'dana', password: 'dana-secret-pass-4', passwordHash: HASH, displayName: 'Dana Keeper', email: 'dana@shop.test', role: 'admin' },
      { id: 9, username: 'carol', password: 'carol-secret-pass-9', passwordHash: HASH, displayName: 'Carol Singer', email: 'carol@shop.test', role: 'user' },
    ],
    orders: new Map([
      [1, { id: 1, userId: 1, productId: 4, quantity: 2, price: 25, status: 'shipped', note: 'Ring the bell.' }],
      [2, { id: 2, userId: 2, productId: 5, quantity: 1, price: 12.5, status: 'pending', note: 'Leave it at the door.' }],
      [3, { id: 3, userId: 9, productId: 6, quantity: 1, price: 12.5, status: 'delivered', note: 'Old order.', archived: true }],
    ]),
    notes: new Map(),
    requests: [],
  };
  let nextId = 100;
  const tokens = new Map(data.accounts.map((account) => [`${account.username}-token-${account.id}x7q2`, account]));
  const view = (account: Account) => {
    const { password: _password, passwordHash, ...rest } = account;
    return flawed.has('me-hash') ? { ...rest, passwordHash } : rest;
  };
  const products = [4, 5, 6].map((id) => ({
    id,
    name: `Product ${id}`,
    price: PRODUCT_PRICE,
    ...(flawed.has('product-keys') && { supplier: { name: 'Acme', apiKey: `sk_live_${id}f00dfeedbeef0123456789` } }),
  }));

  const handler: RequestListener = (req, res) => {
    void (async () => {
      const text = await readText(req);
      const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      const url = new URL(req.url ?? '/', 'http://localhost');
      const route = `${req.method} ${url.pathname}`;
      data.requests.push(route);
      if (route === 'POST /auth/login') {
        const account = data.accounts.find((candidate) => candidate.username === body.username && candidate.password === body.password);
        if (!account) return sendJson(res, 401, { error: 'wrong username or password' });
        const token = [...tokens].find(([, holder]) => holder === account)![0];
        return sendJson(res, 200, { token, user: flawed.has('login-hash') ? { ...view(account), passwordHash: HASH } : view(account) });
      }
      if (route === 'GET /products') return sendJson(res, 200, products);
      const product = /^\/products\/(\d+)$/.exec(url.pathname);
      if (req.method === 'GET' && product)
        return found(
          res,
          products.find((candidate) => candidate.id === Number(product[1])),
        );
      const caller = tokens.get(/^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
      if (!caller) return sendJson(res, 401, { error: 'a bearer token is required' });
      routeCaller(req, res, route, url, body, caller);
    })();
  };

  function routeCaller(req: IncomingMessage, res: ServerResponse, route: string, url: URL, body: Record<string, unknown>, caller: Account): void {
    const isAdmin = caller.role === 'admin';
    if (route === 'GET /me') return sendJson(res, 200, view(caller));
    if (route === 'PATCH /me') {
      const allowed = flawed.has('me-mass-assignment') ? body : pick(body, ['displayName', 'email']);
      Object.assign(caller, allowed);
      return sendJson(res, 200, view(caller));
    }
    if (route === 'GET /orders')
      return sendJson(res, 200, [...data.orders.values()].filter((order) => flawed.has('orders-of-everyone') || order.userId === caller.id).map(orderView));
    if (route === 'POST /orders') {
      const quantity = Number(body.quantity ?? 1);
      const order: Order = {
        id: nextId++,
        userId: caller.id,
        productId: Number(body.productId ?? 4),
        quantity,
        price: quantity * PRODUCT_PRICE,
        status: 'pending',
        note: String(body.note ?? ''),
      };
      if (flawed.has('order-price') && typeof body.price === 'number') order.price = body.price;
      data.orders.set(order.id, order);
      return sendJson(res, 201, orderView(order));
    }
    const order = /^\/orders\/(\d+)$/.exec(url.pathname);
    if (order) {
      const found = data.orders.get(Number(order[1]));
      const mayRead = found && (found.userId === caller.id || flawed.has('read-any-order') || (found.archived && flawed.has('archived-orders-open')));
      if (req.method === 'GET') return mayRead ? sendJson(res, 200, orderView(found)) : sendJson(res, 404, { error: 'no such order' });
      if (req.method === 'PATCH') {
        if (!found || (found.userId !== caller.id && !flawed.has('write-any-order'))) return sendJson(res, 404, { error: 'no such order' });
        Object.assign(found, pick(body, ['quantity', 'note', ...(flawed.has('order-price') ? ['price'] : [])]));
        return sendJson(res, 200, orderView(found));
      }
    }
    const user = /^\/users\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && user) {
      const account = data.accounts.find((candidate) => candidate.id === Number(user[1]));
      if (account !== caller && !isAdmin && !flawed.has('read-any-user')) return sendJson(res, 403, { error: 'not yours' });
      return found(res, account && view(account));
    }
    if (route === 'POST /notes') {
      const note = { id: nextId++, userId: caller.id, text: String(body.text ?? '') };
      data.notes.set(note.id, note);
      return sendJson(res, 201, note);
    }
    const note = /^\/notes\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && note) {
      const found = data.notes.get(Number(note[1]));
      return found && (found.userId === caller.id || flawed.has('read-any-note')) ? sendJson(res, 200, found) : sendJson(res, 404, { error: 'no such note' });
    }
    if (route === 'GET /admin/users') {
      return isAdmin || flawed.has('admin-users-open')
        ? sendJson(
            res,
            200,
            data.accounts.map((account) => pick(account, ['id', 'username', 'email', 'role'])),
          )
        : sendJson(res, 403, { error: 'administrators only' });
    }
    if (route === 'GET /reports/sales')
      return isAdmin || flawed.has('sales-report-open')
        ? sendJson(res, 200, { period: '2024-Q1', count: 3, amount: 50 })
        : sendJson(res, 403, { error: 'administrators only' });
    const role = /^\/users\/(\d+)\/role$/.exec(url.pathname);
    if (req.method === 'PUT' && role) {
      if (!isAdmin && !flawed.has('role-change-open')) return sendJson(res, 403, { error: 'administrators only' });
      const account = data.accounts.find((candidate) => candidate.id === Number(role[1]));
      if (account && typeof body.role === 'string') account.role = body.role;
      return found(res, account && view(account));
    }
    sendJson(res, 404, { error: 'not found' });
  }

  return { handler, data };
}

function orderView(order: Order): Record<string, unknown> {
  const { archived: _archived, ...rest } = order;
  return rest;
}

function found(res: ServerResponse, value: unknown): void {
  if (value === undefined) sendJson(res, 404, { error: 'not found' });
  else sendJson(res, 200, value);
}

function pick(record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => record[key] !== undefined).map((key) => [key, record[key]]));
}

const id = { type: 'integer', minimum: 1 };
const account = {
  type: 'object',
  properties: { id, username: { type: 'string' }, displayName: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } },
};
const order = {
  type: 'object',
  properties: {
    id,
    userId: id,
    productId: id,
    quantity: { type: 'integer' },
    price: { type: 'number', readOnly: true },
    status: { type: 'string' },
    note: { type: 'string' },
  },
};
const json = (schema: unknown, example?: unknown) => ({ content: { 'application/json': { schema, ...(example !== undefined && { example }) } } });
const answer = (description: string, schema?: unknown) => ({ description, ...(schema !== undefined && json(schema)) });
const pathId = (name: string) => ({ name, in: 'path', required: true, schema: id, example: 1 });

/** The API's OpenAPI document. */
export const ACCOUNT_API_SPEC = {
  openapi: '3.0.3',
  info: { title: 'Account API', version: '1.0.0' },
  components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
  security: [{ bearerAuth: [] }],
  paths: {
    '/auth/login': {
      post: {
        security: [],
        requestBody: {
          required: true,
          ...json({ type: 'object', required: ['username', 'password'], properties: { username: { type: 'string' }, password: { type: 'string' } } }),
        },
        responses: { '200': answer('A token', { type: 'object', properties: { token: { type: 'string' }, user: account } }), '401': answer('Wrong password') },
      },
    },
    '/products': { get: { security: [], responses: { '200': answer('The products', { type: 'array', items: { type: 'object' } }) } } },
    '/products/{productId}': {
      get: { security: [], parameters: [pathId('productId')], responses: { '200': answer('A product', { type: 'object' }), '404': answer('None') } },
    },
    '/me': {
      get: { responses: { '200': answer('The caller', account) } },
      patch: {
        requestBody: {
          required: true,
          ...json({ type: 'object', properties: { displayName: { type: 'string' }, email: { type: 'string' } } }, { displayName: 'Alice L.' }),
        },
        responses: { '200': answer('The caller, changed', account) },
      },
    },
    '/orders': {
      get: {
        parameters: [{ name: 'status', in: 'query', schema: { type: 'string', enum: ['pending', 'shipped'] }, example: 'shipped' }],
        responses: { '200': answer("The caller's orders", { type: 'array', items: order }) },
      },
      post: {
        requestBody: {
          required: true,
          ...json(
            {
              type: 'object',
              required: ['productId', 'quantity'],
              properties: { productId: id, quantity: { type: 'integer', minimum: 1, maximum: 5 }, note: { type: 'string' } },
            },
            { productId: 4, quantity: 1, note: 'Gift wrap.' },
          ),
        },
        responses: { '201': answer('The order', order) },
      },
    },
    '/orders/{orderId}': {
      parameters: [pathId('orderId')],
      get: { responses: { '200': answer('The order', order), '404': answer('Not the caller’s') } },
      patch: {
        requestBody: {
          required: true,
          ...json({ type: 'object', properties: { quantity: { type: 'integer', minimum: 1, maximum: 5 }, note: { type: 'string' } } }, { note: 'Changed.' }),
        },
        responses: { '200': answer('The order, changed', order), '404': answer('Not the caller’s') },
      },
    },
    '/users/{id}': { get: { parameters: [pathId('id')], responses: { '200': answer('An account', account), '403': answer('Not the caller') } } },
    '/notes': {
      post: {
        requestBody: {
          required: true,
          ...json({ type: 'object', required: ['text'], properties: { text: { type: 'string' } } }, { text: 'Call the supplier.' }),
        },
        responses: { '201': answer('The note', { type: 'object', properties: { id, userId: id, text: { type: 'string' } } }) },
      },
    },
    '/notes/{noteId}': {
      get: { parameters: [pathId('noteId')], responses: { '200': answer('The note', { type: 'object' }), '404': answer('Not the caller’s') } },
    },
    '/admin/users': {
      get: { tags: ['admin'], responses: { '200': answer('Every user', { type: 'array', items: account }), '403': answer('Not an administrator') } },
    },
    '/reports/sales': {
      get: { tags: ['admin', 'reports'], responses: { '200': answer('The sales', { type: 'object' }), '403': answer('Not an administrator') } },
    },
    '/users/{id}/role': {
      put: {
        summary: "Change a user's role",
        parameters: [pathId('id')],
        requestBody: {
          required: true,
          ...json({ type: 'object', required: ['role'], properties: { role: { type: 'string', enum: ['user', 'admin'] } } }, { role: 'admin' }),
        },
        responses: { '200': answer('The account', account), '403': answer('Not an administrator') },
      },
    },
  },
};
