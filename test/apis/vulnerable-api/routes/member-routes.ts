import { sendError, sendJson } from '../../nonconforming-api/json-exchange.js';
import type { Route } from '../../nonconforming-api/routes.js';
import { requireCaller } from '../authenticate.js';
import { productSummary } from '../catalog-data.js';
import { readJsonObject } from '../json-request.js';
import type { ShopContext } from '../shop-context.js';

/**
 * What signed-in customers see besides their account, written over the years with different
 * token checks (see TokenCheck): the wishlist and loyalty pages trust the token's `alg`, the
 * messages never check expiry, the notifications take any bearer token and the coupon list was
 * never put behind authentication. Validating a coupon takes a string and nothing else, in both modes.
 */
export function memberRoutes(ctx: ShopContext): Route[] {
  const { data } = ctx;
  return [
    {
      method: 'GET',
      path: '/wishlist',
      handle(req, res) {
        const caller = requireCaller(req, res, ctx, 'alg-from-header');
        if (!caller) return;
        const ids = data.wishlists.get(caller.username) ?? [];
        sendJson(res, 200, { username: caller.username, items: data.products.filter((product) => ids.includes(product.id)).map(productSummary) });
      },
    },
    {
      method: 'GET',
      path: '/loyalty',
      handle(req, res) {
        const caller = requireCaller(req, res, ctx, 'alg-from-header');
        if (!caller) return;
        const points = data.loyalty.get(caller.username) ?? 0;
        sendJson(res, 200, { username: caller.username, points, tier: points >= 5000 ? 'gold' : points >= 1000 ? 'silver' : 'bronze' });
      },
    },
    {
      method: 'GET',
      path: '/messages',
      handle(req, res) {
        const caller = requireCaller(req, res, ctx, 'no-expiry');
        if (caller) sendJson(res, 200, data.messages.get(caller.username) ?? []);
      },
    },
    {
      method: 'GET',
      path: '/notifications',
      handle(req, res) {
        if (requireCaller(req, res, ctx, 'any-bearer')) sendJson(res, 200, data.notifications);
      },
    },
    {
      method: 'GET',
      path: '/coupons',
      handle(req, res) {
        if (requireCaller(req, res, ctx, 'none')) sendJson(res, 200, data.coupons);
      },
    },
    {
      method: 'POST',
      path: '/coupons/validate',
      async handle(req, res) {
        if (!requireCaller(req, res, ctx)) return;
        const body = await readJsonObject(req, res);
        if (!body) return;
        if (typeof body.code !== 'string') return sendError(res, 400, 'code must be a string');
        const coupon = data.coupons.find((candidate) => candidate.code === body.code);
        if (!coupon) return sendError(res, 404, 'no such coupon');
        sendJson(res, 200, coupon);
      },
    },
  ];
}
