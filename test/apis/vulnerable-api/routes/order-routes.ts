import type { ServerResponse } from 'node:http';
import { sendError, sendJson } from '../../nonconforming-api/json-exchange.js';
import type { Route } from '../../nonconforming-api/routes.js';
import { type Caller, requireCaller } from '../authenticate.js';
import { idOf, isInteger, isText } from '../field-checks.js';
import { readJsonObject } from '../json-request.js';
import { matchesQuery } from '../mongo-query.js';
import type { ShopContext } from '../shop-context.js';
import type { Order } from '../shop-data.js';

const STATUSES = ['pending', 'shipped', 'delivered'];

/**
 * Orders. Vulnerable: GET /orders/{orderId} never checks whose order it is; POST /orders spreads
 * the body over the new order (a `price` sent is the price paid); the guest lookup passes its
 * values into the query as they came. Both modes: PATCH checks the owner and takes quantity and
 * note only; ids and bodies are validated with plain 400s.
 */
export function orderRoutes(ctx: ShopContext): Route[] {
  const { orders, products, users } = ctx.data;
  const priceOf = (productId: number, quantity: number) => Math.round(products.find((product) => product.id === productId)!.price * quantity * 100) / 100;
  /** The caller's order, or undefined after answering 400 or 404. */
  const ownedOrder = (res: ServerResponse, caller: Caller, raw: string | undefined, checkOwner: boolean): Order | undefined => {
    const id = idOf(raw);
    if (id === undefined) return void sendError(res, 400, 'orderId must be an integer of at least 1');
    const order = orders.get(id);
    if (!order || (checkOwner && order.userId !== caller.id)) return void sendError(res, 404, 'no such order');
    return order;
  };
  return [
    {
      method: 'GET',
      path: '/orders',
      handle(req, res, _params, url) {
        const caller = requireCaller(req, res, ctx);
        if (!caller) return;
        const status = url.searchParams.get('status');
        if (status !== null && !STATUSES.includes(status)) return sendError(res, 400, 'status must be pending, shipped or delivered');
        sendJson(
          res,
          200,
          [...orders.values()].filter((order) => order.userId === caller.id && (status === null || order.status === status)),
        );
      },
    },
    {
      method: 'POST',
      path: '/orders',
      async handle(req, res) {
        const caller = requireCaller(req, res, ctx);
        if (!caller) return;
        const body = await readJsonObject(req, res);
        if (!body) return;
        const { productId, quantity, note = '' } = body;
        if (!isInteger(productId, 1) || !products.some((product) => product.id === productId))
          return sendError(res, 400, 'productId must be the id of a product');
        if (!isInteger(quantity, 1, 100) || !isText(note, 500)) return sendError(res, 400, 'quantity must be 1 to 100 and note at most 500 characters');
        const id = ctx.data.nextId();
        const placed: Order = { id, number: `A-${id}`, userId: caller.id, productId, quantity, price: priceOf(productId, quantity), status: 'pending', note };
        const order = ctx.secure ? placed : { ...placed, ...body, id, number: placed.number };
        orders.set(id, order);
        sendJson(res, 201, order);
      },
    },
    {
      method: 'POST',
      path: '/orders/lookup',
      async handle(req, res) {
        const body = await readJsonObject(req, res);
        if (!body) return;
        const { email, orderNumber } = body;
        if (ctx.secure ? typeof email !== 'string' || typeof orderNumber !== 'string' : email == null || orderNumber == null)
          return sendError(res, 400, 'email and orderNumber must be strings');
        const emailOf = (userId: number) => users.find((user) => user.id === userId)?.email;
        sendJson(
          res,
          200,
          [...orders.values()].filter((order) => matchesQuery({ email: emailOf(order.userId), orderNumber: order.number }, { email, orderNumber })),
        );
      },
    },
    {
      method: 'GET',
      path: '/orders/{orderId}',
      handle(req, res, params) {
        const caller = requireCaller(req, res, ctx);
        const order = caller && ownedOrder(res, caller, params.orderId, ctx.secure);
        if (order) sendJson(res, 200, order);
      },
    },
    {
      method: 'PATCH',
      path: '/orders/{orderId}',
      async handle(req, res, params) {
        const caller = requireCaller(req, res, ctx);
        const order = caller && ownedOrder(res, caller, params.orderId, true);
        if (!order) return void req.resume();
        const body = await readJsonObject(req, res);
        if (!body) return;
        const { quantity, note } = body;
        if ((quantity !== undefined && !isInteger(quantity, 1, 100)) || (note !== undefined && !isText(note, 500)))
          return sendError(res, 400, 'quantity must be 1 to 100 and note at most 500 characters');
        if (quantity !== undefined) Object.assign(order, { quantity, price: priceOf(order.productId, quantity) });
        if (note !== undefined) order.note = note;
        sendJson(res, 200, order);
      },
    },
  ];
}
