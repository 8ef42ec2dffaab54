import { sendError, sendJson } from '../../nonconforming-api/json-exchange.js';
import type { Route } from '../../nonconforming-api/routes.js';
import { SqlError, orderRows } from '../fake-sql-expression.js';
import type { ShopContext } from '../shop-context.js';

const DEALS = [
  { id: 1, title: 'Two lamps for one', price: 24, endsOn: '2031-03-01' },
  { id: 2, title: 'Garden week', price: 9.5, endsOn: '2031-01-15' },
  { id: 3, title: 'Kettle and mugs', price: 31, endsOn: '2031-02-10' },
  { id: 4, title: 'Bath bundle', price: 14, endsOn: '2031-04-20' },
  { id: 5, title: 'Office starter', price: 52, endsOn: '2031-01-05' },
];

/** The columns the secure twin lets a client sort by, each ascending or (with a leading `-`) descending. */
const SORTABLE = new Set(['id', 'title', 'price', 'endsOn']);

/**
 * GET /deals?sort=. Vulnerable: `sort` is pasted into `ORDER BY …` and run, so a CASE WHEN in it
 * decides the order; a statement that fails answers a bare 500 (blind). Secure: sort is one of
 * SORTABLE, optionally after `-`, else 400.
 */
export function dealRoutes(ctx: ShopContext): Route[] {
  return [
    {
      method: 'GET',
      path: '/deals',
      handle(_req, res, _params, url) {
        const sort = url.searchParams.get('sort') ?? 'id';
        if (ctx.secure) {
          const column = sort.replace(/^-/, '');
          if (!SORTABLE.has(column)) return sendError(res, 400, `sort must be one of ${[...SORTABLE].join(', ')}, optionally after -`);
          return sendJson(res, 200, orderRows(DEALS, `${column} ${sort.startsWith('-') ? 'DESC' : 'ASC'}, id`));
        }
        try {
          sendJson(res, 200, orderRows(DEALS, sort));
        } catch (error) {
          if (!(error instanceof SqlError)) throw error;
          sendError(res, 500, 'Internal Server Error');
        }
      },
    },
  ];
}
