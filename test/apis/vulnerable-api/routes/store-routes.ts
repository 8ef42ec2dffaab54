import { sendError, sendJson } from '../../nonconforming-api/json-exchange.js';
import type { Route } from '../../nonconforming-api/routes.js';
import { runFakeSql } from '../fake-sql.js';
import { SqlError, whereRows } from '../fake-sql-expression.js';
import { isText } from '../field-checks.js';
import type { ShopContext } from '../shop-context.js';

/**
 * GET /stores?city=. Vulnerable: the city is pasted into `WHERE city = '…'` and database errors
 * are swallowed into an empty list, so only an injected sleep or a condition appended to the city
 * shows (blind). Secure: compared as a value, as a bound parameter would be.
 */
export function storeRoutes(ctx: ShopContext): Route[] {
  return [
    {
      method: 'GET',
      path: '/stores',
      async handle(_req, res, _params, url) {
        const city = url.searchParams.get('city');
        if (city === null) return sendJson(res, 200, ctx.data.stores);
        if (!isText(city, ctx.secure ? 100 : Number.MAX_SAFE_INTEGER)) return sendError(res, 400, 'city must be at most 100 characters');
        if (!ctx.secure) {
          const run = runFakeSql(`SELECT id, name, city FROM stores WHERE city = '${city}'`);
          if (!run.ok) return sendJson(res, 200, []);
          await ctx.sleep(run.sleepSeconds);
          return sendJson(res, 200, storesWhere(ctx, `city = '${city}'`));
        }
        sendJson(
          res,
          200,
          ctx.data.stores.filter((store) => store.city.toLowerCase() === city.toLowerCase()),
        );
      },
    },
  ];
}

/** The stores a pasted condition keeps; a condition that fails keeps none, as the API swallows the error. */
function storesWhere(ctx: ShopContext, condition: string) {
  try {
    return whereRows(ctx.data.stores, condition);
  } catch (error) {
    if (error instanceof SqlError) return [];
    throw error;
  }
}
