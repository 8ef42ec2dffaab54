import { sendError, sendJson } from '../../nonconforming-api/json-exchange.js';
import type { Route } from '../../nonconforming-api/routes.js';
import { CATEGORIES, productDetails, productSummary } from '../catalog-data.js';
import { runFakeSql } from '../fake-sql.js';
import { idOf, integerParam, isText } from '../field-checks.js';
import type { ShopContext } from '../shop-context.js';
import { sendStackTrace } from '../stack-trace.js';
import { readJsonObject } from '../json-request.js';

/** Most products a page may hold in the secure twin (the spec's maximum). */
const MAX_PAGE = 100;

/**
 * The public catalogue. Vulnerable: any page size is honoured; the search pastes `q` into SQL
 * (database errors come back, injected sleeps run); a product is sent as stored, its supplier's
 * API key included, and an unknown id fails with a stack trace; a product takes a PATCH the spec
 * does not list, from anyone, merging the body into it (the back office's route, mounted here too).
 */
export function catalogRoutes(ctx: ShopContext): Route[] {
  const { products } = ctx.data;
  return [
    {
      method: 'GET',
      path: '/products',
      handle(_req, res, _params, url) {
        const limit = integerParam(url.searchParams.get('limit'), 20, 1, ctx.secure ? MAX_PAGE : undefined);
        const offset = integerParam(url.searchParams.get('offset'), 0, 0);
        if (limit === undefined || offset === undefined) return sendError(res, 400, `limit must be an integer from 1 to ${MAX_PAGE}, offset one of at least 0`);
        sendJson(res, 200, products.slice(offset, offset + limit).map(productSummary));
      },
    },
    {
      method: 'GET',
      path: '/products/search',
      async handle(_req, res, _params, url) {
        const q = url.searchParams.get('q');
        if (!isText(q, ctx.secure ? 100 : Number.MAX_SAFE_INTEGER, 1)) return sendError(res, 400, 'q must be 1 to 100 characters');
        if (!ctx.secure) {
          const run = runFakeSql(`SELECT id, name, category, price FROM products WHERE name LIKE '%${q}%'`);
          if (!run.ok) return sendJson(res, 500, { error: run.error });
          await ctx.sleep(run.sleepSeconds);
        }
        const wanted = q.toLowerCase();
        sendJson(res, 200, products.filter((product) => product.name.toLowerCase().includes(wanted)).map(productSummary));
      },
    },
    {
      method: 'GET',
      path: '/products/{productId}',
      handle(_req, res, params) {
        if (!ctx.secure) {
          const product = products.find((candidate) => candidate.id === Number(params.productId));
          if (!product)
            return sendStackTrace(res, "TypeError: Cannot read properties of undefined (reading 'supplier')", [
              'toProductJson (/srv/shop/src/catalog/product-json.js:14:27)',
              'getProduct (/srv/shop/src/catalog/routes.js:41:18)',
            ]);
          return sendJson(res, 200, product);
        }
        const id = idOf(params.productId);
        if (!id) return sendError(res, 400, 'productId must be an integer of at least 1');
        const product = products.find((candidate) => candidate.id === id);
        if (!product) return sendError(res, 404, 'no such product');
        sendJson(res, 200, productDetails(product));
      },
    },
    { method: 'GET', path: '/categories', handle: (_req, res) => sendJson(res, 200, CATEGORIES) },
    ...(ctx.secure ? [] : [unguardedProductPatch(ctx)]),
  ];
}

function unguardedProductPatch(ctx: ShopContext): Route {
  return {
    method: 'PATCH',
    path: '/products/{productId}',
    async handle(req, res, params) {
      const product = ctx.data.products.find((candidate) => candidate.id === idOf(params.productId));
      if (!product) {
        req.resume();
        return sendError(res, 404, 'no such product');
      }
      const changes = await readJsonObject(req, res);
      if (!changes) return;
      Object.assign(product, changes, { id: product.id });
      sendJson(res, 200, productDetails(product));
    },
  };
}
