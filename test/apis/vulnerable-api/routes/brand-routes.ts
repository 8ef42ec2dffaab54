import { sendError, sendJson } from '../../nonconforming-api/json-exchange.js';
import type { Route } from '../../nonconforming-api/routes.js';
import { SqlError, whereRows } from '../fake-sql-expression.js';
import { isText } from '../field-checks.js';
import type { ShopContext } from '../shop-context.js';

const BRANDS = [
  { id: 1, name: 'Brass & Co', country: 'UK' },
  { id: 2, name: 'Oakwood', country: 'DK' },
  { id: 3, name: 'Linen House', country: 'PT' },
  { id: 4, name: 'Copperline', country: 'UK' },
];

/**
 * GET /brands?name=. Vulnerable: the name is pasted into `WHERE name = '…'` and run; a statement
 * that fails answers a bare 500 with no database text (blind), and a condition appended to the name
 * decides which brands come back. Secure: compared as a value, as a bound parameter would be.
 */
export function brandRoutes(ctx: ShopContext): Route[] {
  return [
    {
      method: 'GET',
      path: '/brands',
      handle(_req, res, _params, url) {
        const name = url.searchParams.get('name');
        if (name === null) return sendJson(res, 200, BRANDS);
        if (!isText(name, ctx.secure ? 100 : Number.MAX_SAFE_INTEGER)) return sendError(res, 400, 'name must be at most 100 characters');
        if (ctx.secure)
          return sendJson(
            res,
            200,
            BRANDS.filter((brand) => brand.name === name),
          );
        try {
          sendJson(res, 200, whereRows(BRANDS, `name = '${name}'`));
        } catch (error) {
          if (!(error instanceof SqlError)) throw error;
          sendError(res, 500, 'Internal Server Error');
        }
      },
    },
  ];
}
